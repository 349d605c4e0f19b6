import type { LinkTokens } from '../../lib/link-tokens';

/** The pixel and the click links of one mail with tracking on. */
export type MailTracking = {
  openPixelUrl: string;
  /** The tracked link standing for `url`, link number `index` (from 0) of the mail's HTML part. */
  clickUrl(url: string, index: number): string;
};

/** The signed links one sent mail carries: its unsubscribe link, and with tracking on, its pixel and click links. */
export type MailLinks = {
  unsubscribeUrl: string;
  /** Null when the campaign has tracking off: no pixel, links as written. */
  tracking: MailTracking | null;
};

/**
 * A click link carries its target URL beside the token, base64url-encoded: the token signs it, and a URL in plain
 * sight inside a query string is what spam filters take for an open redirect.
 */
export const encodeClickTarget = (url: string) => Buffer.from(url, 'utf8').toString('base64url');
export const decodeClickTarget = (param: string) => Buffer.from(param, 'base64url').toString('utf8');

/** The links of the mail of recipient row `recipientId`. */
export function mailLinks(input: {
  linkTokens: LinkTokens;
  publicUrl: string;
  recipientId: number;
  trackingEnabled: boolean;
}): MailLinks {
  const { linkTokens, publicUrl, recipientId } = input;
  return {
    unsubscribeUrl: `${publicUrl}/u/${linkTokens.sign('unsubscribe', recipientId)}`,
    tracking: input.trackingEnabled
      ? {
          openPixelUrl: `${publicUrl}/t/o/${linkTokens.sign('open', recipientId)}`,
          clickUrl: (url, index) =>
            `${publicUrl}/t/c/${linkTokens.signClick(recipientId, index, url)}?u=${encodeClickTarget(url)}`,
        }
      : null,
  };
}
