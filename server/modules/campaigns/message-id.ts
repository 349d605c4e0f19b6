/**
 * A campaign mail's Message-ID, derived from its row and the mailbox it leaves from, so the mail can be matched to
 * its row whatever happens (replies, bounces, a Sent-folder check after a crash).
 */
export function campaignMessageId(row: { id: number; campaignId: number | null }, accountEmail: string): string {
  const domain = accountEmail.split('@')[1] ?? 'localreach.local';
  return `<campaign-${row.campaignId}.${row.id}@${domain}>`;
}
