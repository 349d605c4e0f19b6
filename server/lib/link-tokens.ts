import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed link in a mail may do; a token signed for one purpose is refused for another. */
export type LinkPurpose = 'unsubscribe';

export type LinkTokens = ReturnType<typeof createLinkTokens>;

/**
 * Tokens for the links in sent mail (unsubscribe now; opens and clicks later): the recipient row id and an HMAC of
 * it, so a token cannot be guessed from another and a changed one is refused. The key is derived from the session
 * secret, so no new setting is needed, and it differs from the key sessions use.
 */
export function createLinkTokens(secret: string) {
  const key = createHmac('sha256', secret).update('localreach mail links v1').digest();
  const signature = (purpose: LinkPurpose, id: number) =>
    createHmac('sha256', key).update(`${purpose}:${id}`).digest('base64url').slice(0, 22);

  return {
    sign(purpose: LinkPurpose, id: number): string {
      return `${id}.${signature(purpose, id)}`;
    },

    /** The row id a token was signed for, or null for anything else. */
    verify(purpose: LinkPurpose, token: string): number | null {
      const match = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
      if (!match) return null;
      const id = Number(match[1]);
      if (!Number.isSafeInteger(id)) return null;
      const expected = Buffer.from(signature(purpose, id));
      const given = Buffer.from(match[2]);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
    },
  };
}
