import type { LinkTokens } from '../../lib/link-tokens';

/** The pixel and the click links of one mail with tracking on. */
export type MailTracking = {
  openPixelUrl: string;
  /** The tracked link standing for `url`, link number `index` (from 0) of the mail's HTML part. */
  clickUrl(url: string, index: number): string;
  /** The hosts of the links made so far: kept with the mail as it is sent, the only hosts its clicks may lead to. */
  linkHosts(): string[];
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

/** The host a click link leads to (and its port, if any) as `URL` writes it: lower case, names in punycode. */
export const linkHost = (url: string) => new URL(url).host;

/** The links of the mail of recipient row `recipientId`, composed at `issuedAt` (when its click links start to age). */
export function mailLinks(input: {
  linkTokens: LinkTokens;
  publicUrl: string;
  recipientId: number;
  trackingEnabled: boolean;
  issuedAt: Date;
}): MailLinks {
  const { linkTokens, publicUrl, recipientId, issuedAt } = input;
  const hosts = new Set<string>();
  return {
    unsubscribeUrl: `${publicUrl}/u/${linkTokens.sign('unsubscribe', recipientId)}`,
    tracking: input.trackingEnabled
      ? {
          openPixelUrl: `${publicUrl}/t/o/${linkTokens.sign('open', recipientId)}`,
          clickUrl: (url, index) => {
            hosts.add(linkHost(url));
            const token = linkTokens.signClick(recipientId, index, url, issuedAt);
            return `${publicUrl}/t/c/${token}?u=${encodeClickTarget(url)}`;
          },
          linkHosts: () => [...hosts],
        }
      : null,
  };
}
