import { isIP } from 'node:net';
import { type AddressKind, addressKind } from '../../lib/address-ranges';
import type { DnsResolver } from '../dns/dns-resolver';
import { TransportError } from './transport';

export type MailProtocol = 'SMTP' | 'IMAP';

/**
 * Resolves the host of a mailbox's server once and answers the one address to connect to, or refuses the host
 * (TransportError). Connecting to that address (the name kept for TLS) means a second DNS answer cannot swap it.
 */
export type MailHostGuard = (host: string, protocol: MailProtocol) => Promise<string>;

/**
 * Whether a mailbox's server may be at this address: a public one; loopback and private networks only when the
 * administrator allows mail servers there (MAIL_ALLOW_PRIVATE_HOSTS); metadata and reserved addresses never.
 */
export function isAllowedMailAddress(address: string, allowPrivate: boolean): boolean {
  return allowed(addressKind(address), allowPrivate);
}

function allowed(kind: AddressKind | null, allowPrivate: boolean): boolean {
  return kind === 'public' || (allowPrivate && (kind === 'private' || kind === 'loopback'));
}

/**
 * The IPv4 address of inet_aton's other spellings (2130706433, 0x7f.1, 0177.0.0.1, 127.1), which the system
 * resolver reads as addresses, not names; null for anything else. Read here, they are checked as the address
 * they are, whichever resolver is configured.
 */
export function legacyIpv4(host: string): string | null {
  const parts = host.split('.');
  if (parts.length > 4 || !parts.every((part) => /^(0x[0-9a-f]*|[0-9]+)$/i.test(part))) return null;
  const numbers = parts.map((part) => {
    if (/^0x/i.test(part)) return Number.parseInt(part.slice(2) || '0', 16);
    if (/^0[0-7]+$/.test(part)) return Number.parseInt(part, 8);
    return /^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : Number.NaN;
  });
  const last = numbers.pop() as number;
  // The last part fills the bytes the others leave: 127.1 is 127.0.0.1.
  const lastLimit = 256 ** (4 - numbers.length);
  if (numbers.some((n) => !(n >= 0 && n < 256)) || !(last >= 0 && last < lastLimit)) return null;
  const value = numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), 0) + last;
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

function refusal(protocol: MailProtocol, host: string, kind: AddressKind | null): string {
  switch (kind) {
    case 'loopback':
    case 'private':
      return `${protocol} host ${host} is on a private network or on this server itself, which mailboxes may not use here. Use your mail provider's public server name, or ask the administrator to allow mail servers on the local network.`;
    case 'metadata':
      return `${protocol} host ${host} is not allowed: it is a link-local or cloud metadata address, never a mail server.`;
    default:
      return `${protocol} host ${host} is not allowed: no mail server can be at that address.`;
  }
}

/**
 * The guard every connection to a user's mail server goes through (connecting, sending, reading replies): every
 * address the host resolves to must be allowed (server/lib/address-ranges.ts), so a name cannot hide a private
 * address behind a public one.
 */
export function createMailHostGuard(options: { resolver: DnsResolver; allowPrivate: boolean }): MailHostGuard {
  return async (host, protocol) => {
    const bare = host.replace(/^\[|\]$/g, '');
    const literal = isIP(bare) ? bare : legacyIpv4(bare);
    let addresses: string[];
    try {
      addresses = literal ? [literal] : await options.resolver.lookup(bare);
    } catch {
      addresses = [];
    }
    // A name that does not resolve now may resolve later (DNS trouble), so it is not final.
    if (addresses.length === 0) throw new TransportError('temporary', `${protocol} host ${host} could not be found`);
    const refused = addresses.map(addressKind).find((kind) => !allowed(kind, options.allowPrivate));
    // `auth`: like refused credentials, only connecting the mailbox again with other settings helps, so a stored
    // account goes to error with this reason and its campaigns pause instead of failing every recipient.
    if (refused !== undefined) throw new TransportError('auth', refusal(protocol, host, refused));
    return addresses[0];
  };
}
