import type { AccountReplies } from '@contract/accounts';
import { formatDay } from '@/lib/format-date';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const count = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'} ago`;

/** "just now", "5 minutes ago", "3 hours ago" within a day; older readings by their date, "on Mar 07, 2025". */
function checkedWhen(lastReadAt: string, now: Date): string {
  const elapsed = now.getTime() - new Date(lastReadAt).getTime();
  // A reading stamped a little ahead of this browser's clock is still "just now".
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return count(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return count(Math.floor(elapsed / HOUR_MS), 'hour');
  return `on ${formatDay(lastReadAt)}`;
}

export type RepliesLine = { text: string; failed: boolean };

/** The line of a send-only mailbox (connected without IMAP): what it means, and how to change it. */
export const SEND_ONLY_LINE: RepliesLine = {
  text: 'Replies and bounces are not read for this mailbox. To read them, connect it again with its IMAP settings.',
  failed: false,
};

/**
 * The account card's line on reading the mailbox for replies. A failed reading comes first: until a reading
 * succeeds, no replies arrive from this mailbox, and the user has to act (most often a changed password).
 */
export function repliesLine(replies: AccountReplies, now = new Date()): RepliesLine {
  if (replies.lastError) return { text: `Replies cannot be read: ${replies.lastError}`, failed: true };
  if (!replies.lastReadAt) return { text: 'Replies not checked yet', failed: false };
  return { text: `Replies checked ${checkedWhen(replies.lastReadAt, now)}`, failed: false };
}
