import type { LinkTokens } from '../../lib/link-tokens';

/**
 * Our Message-IDs: derived from the mail's row and the mailbox it leaves from, so the mail can be matched to its row
 * whatever happens (replies, bounces, a Sent-folder check after a crash), and signed, so nobody who did not receive
 * the mail can name one (a delivery report counts only when it names one of ours: decision 0058). The signature is
 * 16 hex characters of the link tokens' HMAC for the purpose `message`.
 */
export function createMessageIds(linkTokens: Pick<LinkTokens, 'sign'>) {
  const signature = (rowId: number) =>
    Buffer.from(linkTokens.sign('message', rowId).split('.')[1], 'base64url').toString('hex').slice(0, 16);
  return {
    /** A campaign mail's Message-ID. */
    campaign(row: { id: number; campaignId: number | null }, accountEmail: string): string {
      return `<campaign-${row.campaignId}.${row.id}.${signature(row.id)}@${domainOf(accountEmail)}>`;
    },
    /** An answer to a prospect's reply: its Message-ID, derived from its row in the same way. */
    reply(rowId: number, accountEmail: string): string {
      return `<reply-${rowId}.${signature(rowId)}@${domainOf(accountEmail)}>`;
    },
  };
}

export type MessageIds = ReturnType<typeof createMessageIds>;

/**
 * A campaign mail's Message-ID as mails sent before Message-IDs were signed carried it: a row still `sending` from
 * then is looked for in the Sent folder under this one too.
 */
export function unsignedCampaignMessageId(row: { id: number; campaignId: number | null }, accountEmail: string) {
  return `<campaign-${row.campaignId}.${row.id}@${domainOf(accountEmail)}>`;
}

/**
 * The row id one of our Message-IDs names (a campaign mail's or a reply's, signed or from before), or null for
 * anyone else's. The caller still compares the row's stored Message-ID, which holds the signature.
 */
export function ownMessageRowId(messageId: string): number | null {
  const found = /^<?(?:campaign-\d+\.(\d+)|reply-(\d+))(?:\.[0-9a-f]{16})?@/i.exec(messageId.trim());
  const id = Number(found?.[1] ?? found?.[2]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function domainOf(accountEmail: string): string {
  return accountEmail.split('@')[1] ?? 'localreach.local';
}
