import type { EmailAccount } from '../../../contract/accounts';
import type { WarmupToday } from '../../../contract/warmup';
import type { EmailAccountRow, ProviderConnectionRow } from '../../db/schema';

/** How the mailbox's last reading for replies went, from its inbox_cursors row (nulls before the first reading). */
type RepliesReading = { lastReadAt: Date | null; lastError: string | null };

// The answers other than the list (connect, update) do not read the cursor.
const NOT_READ_YET: RepliesReading = { lastReadAt: null, lastError: null };

/** The account as the screen shows it, with today's count, status and warm-up from the send allowance. */
export function toAccountDto(
  row: EmailAccountRow,
  connection: Pick<ProviderConnectionRow, 'provider' | 'readsReplies'>,
  today: { sentToday: number; status: EmailAccountRow['status']; warmup: WarmupToday },
  reading: RepliesReading = NOT_READ_YET,
): EmailAccount {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    provider: connection.provider,
    status: today.status,
    statusReason: row.statusReason,
    sentToday: today.sentToday,
    dailyLimit: row.dailyLimit,
    effectiveDailyLimit: today.warmup.limitToday,
    warmup: today.warmup,
    sendsPerMinute: row.sendsPerMinute,
    lastResetDate: row.lastResetDate,
    createdAt: row.createdAt.toISOString(),
    connectionId: row.connectionId,
    health: row.health,
    readsReplies: connection.readsReplies,
    replies: { lastReadAt: reading.lastReadAt?.toISOString() ?? null, lastError: reading.lastError },
  };
}
