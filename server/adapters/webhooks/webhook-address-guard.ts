import { isIP } from 'node:net';
import { addressKind } from '../../lib/address-ranges';
import type { DnsResolver } from '../dns/dns-resolver';
import { legacyIpv4 } from '../mail/host-guard';

/** A webhook URL the guard refuses, or whose host does not resolve; its message is for the endpoint's owner. */
export class WebhookAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookAddressError';
  }
}

/**
 * Whether a webhook may be delivered to this address: public addresses; loopback and private networks only when the
 * administrator allows them (WEBHOOK_ALLOW_PRIVATE_HOSTS, for a receiver on the same network); metadata and
 * reserved addresses never (server/lib/address-ranges.ts, the lead finder's and mailboxes' list).
 */
export function isAllowedWebhookAddress(address: string, allowPrivate: boolean): boolean {
  const kind = addressKind(address);
  return kind === 'public' || (allowPrivate && (kind === 'private' || kind === 'loopback'));
}

/** A webhook URL as the endpoint form and REST hooks take it: http or https, a host, no credentials. */
export function parseWebhookUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WebhookAddressError('Enter the full address of the endpoint, starting with https://');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WebhookAddressError('The endpoint address must start with https:// or http://');
  }
  if (url.username || url.password) {
    throw new WebhookAddressError('Leave the user name and password out of the endpoint address');
  }
  url.hash = '';
  return url;
}

/**
 * Resolves the URL's host once and answers the address to connect to, refusing the host when any of its addresses
 * is not allowed: connecting to that address (the name kept for TLS and Host) means a second DNS answer cannot
 * swap it for an internal one.
 */
export async function resolveWebhookHost(
  url: URL,
  resolver: DnsResolver,
  allowPrivate: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare) ? bare : legacyIpv4(bare);
  let addresses: string[];
  try {
    addresses = literal ? [literal] : await resolver.lookup(bare);
  } catch {
    throw new WebhookAddressError(`${url.hostname} could not be found`);
  }
  if (addresses.length === 0) throw new WebhookAddressError(`${url.hostname} could not be found`);
  if (!addresses.every((address) => isAllowedWebhookAddress(address, allowPrivate))) {
    throw new WebhookAddressError(
      `${url.hostname} is a private or internal address: webhooks go only to servers on the internet`,
    );
  }
  return { address: addresses[0], family: isIP(addresses[0]) === 6 ? 6 : 4 };
}
