import { BlockList, isIP } from 'node:net';
import type { DnsResolver } from '../dns/dns-resolver';

/**
 * Addresses a business's website may not lead us to: private networks, loopback, link-local (where cloud metadata
 * services live), unspecified, and the rest of the ranges no public website uses. Stricter than the mailbox guard
 * (server/mail/host-guard.ts): the user does not choose these hosts, anyone who edits a map entry does. BlockList
 * also matches the IPv4-mapped IPv6 spellings (::ffff:10.0.0.1).
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['64:ff9b::', 96], // NAT64 spellings of IPv4 addresses
  ['fc00::', 7], // unique local, including fd00:ec2::254
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

function matches(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Whether a website may be fetched from this address; loopback only when allowed (tests). */
export function isAllowedWebAddress(address: string, allowLoopback: boolean): boolean {
  if (isIP(address) === 0 || matches(forbidden, address)) return false;
  return allowLoopback || !matches(loopback, address);
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
