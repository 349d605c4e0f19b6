import { isIP } from 'node:net';
import { addressKind } from '../../lib/address-ranges';
import type { DnsResolver } from '../dns/dns-resolver';

/**
 * Whether a website may be fetched from this address: public addresses only (server/lib/address-ranges.ts), and
 * loopback when allowed (tests). Stricter than the mailbox guard (server/adapters/mail/host-guard.ts), which an
 * administrator may open to private networks: the user does not choose these hosts, anyone who edits a map entry
 * does.
 */
export function isAllowedWebAddress(address: string, allowLoopback: boolean): boolean {
  const kind = addressKind(address);
  return kind === 'public' || (kind === 'loopback' && allowLoopback);
}

/** A website's host the guard refused, or a name that does not resolve. */
export class WebHostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebHostError';
  }
}

/**
 * Resolves the host once and answers the address to connect to, refusing the host when any of its addresses is
 * not allowed. Connecting to that address (the name kept for TLS and Host) means a second DNS answer cannot swap it.
 */
export async function resolveAllowedWebHost(
  host: string,
  resolver: DnsResolver,
  allowLoopback: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : await resolver.lookup(bare);
  } catch {
    throw new WebHostError(`${host} could not be found`);
  }
  if (addresses.length === 0) throw new WebHostError(`${host} could not be found`);
  if (!addresses.every((address) => isAllowedWebAddress(address, allowLoopback))) {
    throw new WebHostError(`${host} is not allowed (private, loopback or link-local address)`);
  }
  return { address: addresses[0], family: isIP(addresses[0]) === 6 ? 6 : 4 };
}
