import type { EmailAccount } from '../../../contract/accounts';
import type { EmailAccountRow, ProviderConnectionRow } from '../../db/schema';

/** The account as the screen shows it, with today's count and status from the send allowance. */
export function toAccountDto(
  row: EmailAccountRow,
  provider: ProviderConnectionRow['provider'],
  today: { sentToday: number; status: EmailAccountRow['status'] },
): EmailAccount {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    provider,
    status: today.status,
    statusReason: row.statusReason,
    sentToday: today.sentToday,
    dailyLimit: row.dailyLimit,
    sendsPerMinute: row.sendsPerMinute,
    lastResetDate: row.lastResetDate,
    createdAt: row.createdAt.toISOString(),
    connectionId: row.connectionId,
  };
}
