import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { isbot } from 'isbot';

/** Why a hit was taken for a machine's (decision 0014), stored with it. */
export type MachineReason =
  | 'head_request'
  | 'no_user_agent'
  | 'bot_user_agent'
  | 'scanner_address'
  | 'privacy_proxy_address'
  | 'too_soon_after_sending'
  | 'click_burst';

/** An open within this long of sending is the receiving side fetching images at delivery. */
export const OPEN_AFTER_SEND_MS = 2_000;
/** A click within this long of sending is a link scanner: no person gets, reads and clicks a mail this fast. */
export const CLICK_AFTER_SEND_MS = 10_000;
/** Two different links of one mail clicked this close together are a scanner following every link. */
export const CLICK_BURST_MS = 2_000;

function blockList(ranges: string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/');
    list.addSubnet(address, Number(prefix), isIPv6(address) ? 'ipv6' : 'ipv4');
  }
  return list;
}

/**
 * Exchange Online Protection, whose Safe Links and attachment scanning follow links with an ordinary browser's user
 * agent: the ranges Microsoft publishes for Exchange Online mail flow (spf.protection.outlook.com).
 */
const microsoftScanners = blockList([
  '40.92.0.0/15',
  '40.107.0.0/16',
  '52.100.0.0/14',
  '104.47.0.0/17',
  '2a01:111:f400::/48',
  '2a01:111:f403::/48',
]);

/** Apple's own network, from which Mail Privacy Protection fetches every image of a mail as it arrives. */
const appleProxies = blockList(['17.0.0.0/8']);

function inList(list: BlockList, ip: string): boolean {
  // A dual-stack listener sees IPv4 clients as ::ffff:a.b.c.d.
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIPv4(address)) return list.check(address, 'ipv4');
  return isIPv6(address) && list.check(address, 'ipv6');
}

/** One request for a mail's pixel or one of its click links, with what is known of the mail. */
export type TrackingHit = {
  kind: 'open' | 'click';
  method: string;
  userAgent: string | undefined;
  ip: string;
  at: Date;
  sentAt: Date;
  /** The link followed (clicks). */
  url: string | null;
  /** The clicks already recorded for the same mail. */
  earlierClicks: { url: string | null; at: Date }[];
};

/** Whether an earlier click on another link of the mail came within the burst window of this one. */
export function isClickBurst(hit: Pick<TrackingHit, 'url' | 'at' | 'earlierClicks'>): boolean {
  return hit.earlierClicks.some(
    (click) => click.url !== hit.url && Math.abs(hit.at.getTime() - click.at.getTime()) <= CLICK_BURST_MS,
  );
}

/** Why the hit is a machine's (a proxy, a prefetch, a scanner), or null for a person's. */
export function machineReason(hit: TrackingHit): MachineReason | null {
  if (hit.method === 'HEAD') return 'head_request';
  const userAgent = hit.userAgent?.trim();
  if (!userAgent) return 'no_user_agent';
  if (isbot(userAgent)) return 'bot_user_agent';
  if (inList(microsoftScanners, hit.ip)) return 'scanner_address';
  if (hit.kind === 'open' && inList(appleProxies, hit.ip)) return 'privacy_proxy_address';
  const sinceSent = hit.at.getTime() - hit.sentAt.getTime();
  if (sinceSent < (hit.kind === 'open' ? OPEN_AFTER_SEND_MS : CLICK_AFTER_SEND_MS)) return 'too_soon_after_sending';
  if (hit.kind === 'click' && isClickBurst(hit)) return 'click_burst';
  return null;
}
