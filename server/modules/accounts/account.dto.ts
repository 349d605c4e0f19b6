import type { EmailAccount } from '../../../contract/accounts';
import type { EmailAccountRow, ProviderConnectionRow } from '../../db/schema';

/**
 * The account as the screen shows it on the user's `today`: a counter from an earlier day reads 0, and a
 * rate-limited account is active again once its day is over.
 */
export function toAccountDto(
  row: EmailAccountRow,
  provider: ProviderConnectionRow['provider'],
  today: string,
): EmailAccount {
  const sameDay = row.lastResetDate === today;
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    provider,
    status: row.status === 'rate_limited' && !sameDay ? 'active' : row.status,
    statusReason: row.statusReason,
    sentToday: sameDay ? row.sentToday : 0,
    dailyLimit: row.dailyLimit,
    lastResetDate: row.lastResetDate,
    createdAt: row.createdAt.toISOString(),
    connectionId: row.connectionId,
  };
}
