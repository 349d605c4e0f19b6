import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

export type BounceAddresses = ReturnType<typeof createBounceAddresses>;

// RFC 5321: a local part of at most 64 characters.
const MOST_LOCAL_PART = 64;
const SIGNATURE_CHARS = 12;
// `b<row id in base 36>-<signature in base 32>`, lower case: mail servers may lower-case a local part.
const TAG = new RegExp(`^b([0-9a-z]{1,11})-([a-z2-7]{${SIGNATURE_CHARS}})$`);
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return text;
}

/**
 * Return paths that name the mail they belong to (VERP, decision 0058): a campaign mail leaves with the envelope
 * sender `<local>+b<row>-<signature>@<domain>` of its mailbox, so the report of its failure comes back addressed to
 * it, and the report is tied to that mail by a signature no one else can make. The signature is an HMAC of the row
 * id (60 bits, in base 32 so it survives servers that lower-case addresses) under a key derived from the session
 * secret, as the mail links' is (server/lib/link-tokens.ts), and different from theirs.
 */
export function createBounceAddresses(secret: string) {
  const key = createSecretKey(createHmac('sha256', secret).update('localreach bounce address v1').digest());
  const signature = (rowId: number) =>
    base32(createHmac('sha256', key).update(`bounce:${rowId}`).digest().subarray(0, 8)).slice(0, SIGNATURE_CHARS);

  return {
    /** The return path of row `rowId`'s mail from `mailbox`; null when the local part would be too long for one. */
    returnPath(mailbox: string, rowId: number): string | null {
      const at = mailbox.lastIndexOf('@');
      const local = `${mailbox.slice(0, at)}+b${rowId.toString(36)}-${signature(rowId)}`;
      return at > 0 && local.length <= MOST_LOCAL_PART ? `${local}@${mailbox.slice(at + 1)}` : null;
    },

    /** The row a return path of `mailbox` names, or null for anything else (another address, a tag changed or made up). */
    rowIdOf(address: string, mailbox: string): number | null {
      const [given, own] = [address.toLowerCase(), mailbox.toLowerCase()];
      const at = given.lastIndexOf('@');
      const ownAt = own.lastIndexOf('@');
      if (at < 0 || given.slice(at) !== own.slice(ownAt)) return null;
      const plus = given.lastIndexOf('+', at);
      if (plus < 0 || given.slice(0, plus) !== own.slice(0, ownAt)) return null;
      const tag = TAG.exec(given.slice(plus + 1, at));
      const rowId = tag ? Number.parseInt(tag[1], 36) : Number.NaN;
      if (!tag || !Number.isSafeInteger(rowId) || rowId <= 0) return null;
      const [expected, found] = [Buffer.from(signature(rowId)), Buffer.from(tag[2])];
      return timingSafeEqual(expected, found) ? rowId : null;
    },
  };
}
