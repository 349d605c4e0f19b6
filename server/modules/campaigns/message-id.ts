/**
 * A campaign mail's Message-ID, derived from its row and the mailbox it leaves from, so the mail can be matched to
 * its row whatever happens (replies, bounces, a Sent-folder check after a crash).
 */
export function campaignMessageId(row: { id: number; campaignId: number | null }, accountEmail: string): string {
  return `<campaign-${row.campaignId}.${row.id}@${domainOf(accountEmail)}>`;
}

/** An answer to a prospect's reply: its Message-ID, derived from its row in the same way. */
export function replyMessageId(rowId: number, accountEmail: string): string {
  return `<reply-${rowId}@${domainOf(accountEmail)}>`;
}

/**
 * The row id one of our Message-IDs names (a campaign mail's or a reply's), or null for anyone else's. The caller
 * still compares the row's stored Message-ID, so a look-alike id from elsewhere matches nothing.
 */
export function ownMessageRowId(messageId: string): number | null {
  const found = /^<?(?:campaign-\d+\.(\d+)|reply-(\d+))@/i.exec(messageId.trim());
  const id = Number(found?.[1] ?? found?.[2]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function domainOf(accountEmail: string): string {
  return accountEmail.split('@')[1] ?? 'localreach.local';
}
