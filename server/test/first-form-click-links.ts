import { createHmac } from 'node:crypto';
import { encodeClickTarget } from '../modules/tracking/mail-links';

/**
 * The click token mails sent before click links carried their issue time hold (`{id}.{index}.{signature}`), signed
 * as the first form's signer did: the app no longer makes these, and must still read them (docs/decisions/0059).
 */
export function firstFormClickToken(secret: string, id: number, linkIndex: number, url: string): string {
  const key = createHmac('sha256', secret).update('localreach mail links v1').digest();
  const signature = createHmac('sha256', key)
    .update(`click:${id}:${linkIndex}:${url}`)
    .digest('base64url')
    .slice(0, 22);
  return `${id}.${linkIndex}.${signature}`;
}

/** The whole first-form click link, as such a mail carries it. */
export const firstFormClickUrl = (publicUrl: string, secret: string, id: number, linkIndex: number, url: string) =>
  `${publicUrl}/t/c/${firstFormClickToken(secret, id, linkIndex, url)}?u=${encodeClickTarget(url)}`;
