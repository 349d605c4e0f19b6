import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { TransportError } from './transport';

/**
 * Mail server addresses a user may not point us at: link-local ranges, where cloud metadata services live
 * (169.254.169.254, fd00:ec2::254), so a connection test cannot be used to probe them. BlockList also matches the
 * IPv4-mapped IPv6 spellings (::ffff:a9fe:a9fe).
 */
const forbidden = new BlockList();
forbidden.addSubnet('169.254.0.0', 16, 'ipv4');
forbidden.addSubnet('fe80::', 10, 'ipv6');
forbidden.addAddress('fd00:ec2::254', 'ipv6');

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && forbidden.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Resolves the host once, refuses it when any of its addresses is forbidden, and answers the address to connect
 * to. Connecting to that address (with the name kept for TLS) means a second DNS answer cannot swap it.
 */
export async function resolveAllowedMailHost(host: string, label: string): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true })).map((entry) => entry.address);
  } catch {
    // A name that does not resolve now may resolve later (DNS trouble), so it is not final.
    throw new TransportError('temporary', `${label} host ${host} could not be found`);
  }
  if (addresses.length === 0 || addresses.some(isForbiddenAddress)) {
    throw new TransportError(
      'permanent',
      `${label} host ${host} is not allowed (link-local or cloud metadata address)`,
    );
  }
  return addresses[0];
}
