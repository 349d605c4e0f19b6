import { BlockList, isIP } from 'node:net';

/**
 * What an IP address is, for the guards that keep hosts someone else names away from this server's own networks:
 * the lead finder's website reader (server/adapters/lead-sources/web-address-guard.ts) and mailbox connections
 * (server/adapters/mail/host-guard.ts). One list, so the two guards never disagree about a range.
 *
 * - `metadata`: link-local ranges and the cloud platforms' own services (instance metadata, credentials), never
 *   a server anyone may name, whatever a guard allows;
 * - `reserved`: unspecified, "this network", NAT64 spellings of IPv4 addresses, multicast, broadcast and the other
 *   ranges no server on the internet uses;
 * - `loopback`: this host;
 * - `private`: private networks (RFC 1918), carrier-grade NAT, unique-local IPv6;
 * - `public`: everything else.
 *
 * BlockList also matches the IPv4-mapped IPv6 spellings (::ffff:10.0.0.1, ::ffff:a00:1) against the IPv4 ranges.
 */
export type AddressKind = 'metadata' | 'reserved' | 'loopback' | 'private' | 'public';

type Range = readonly [network: string, prefix: number];

function blockList(ipv4: Range[], ipv6: Range[]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ipv4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of ipv6) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

/** Checked first: a metadata address inside a private or reserved range (fd00:ec2::254, 100.100.100.200) is metadata. */
const metadata = blockList(
  [
    ['169.254.0.0', 16], // link-local: AWS, GCP, Azure, Oracle, DigitalOcean metadata at 169.254.169.254
    ['100.100.100.200', 32], // Alibaba Cloud metadata
    ['168.63.129.16', 32], // Azure's platform address (VM agent, health probes)
  ],
  [
    ['fe80::', 10], // link-local
    ['fd00:ec2::254', 128], // AWS metadata over IPv6
  ],
);

const reserved = blockList(
  [
    ['0.0.0.0', 8], // "this network", unspecified (0.0.0.0 reaches this host on Linux)
    ['192.0.0.0', 24], // IETF protocol assignments
    ['198.18.0.0', 15], // benchmarking
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, broadcast
  ],
  [
    ['::', 128], // unspecified
    ['64:ff9b::', 96], // NAT64 spellings of IPv4 addresses
    ['64:ff9b:1::', 48], // local-use NAT64, which may reach a private IPv4 network
    ['ff00::', 8], // multicast
  ],
);

const loopback = blockList([['127.0.0.0', 8]], [['::1', 128]]);

const privateNetworks = blockList(
  [
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // carrier-grade NAT (also VPN overlays)
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ],
  [['fc00::', 7]], // unique local
);

/** The kind of an IP address; null for anything that is not one. */
export function addressKind(address: string): AddressKind | null {
  const family = isIP(address);
  if (family === 0) return null;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (metadata.check(address, type)) return 'metadata';
  if (reserved.check(address, type)) return 'reserved';
  if (loopback.check(address, type)) return 'loopback';
  if (privateNetworks.check(address, type)) return 'private';
  return 'public';
}
