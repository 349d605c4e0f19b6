import { DnsMxChecker, type DnsResolver, NodeDnsResolver } from '../dns/dns-resolver';
import type { EmailFinder } from './email-finder';
import { websiteVisits } from './site-limiter';
import { WebsiteEmailFinder } from './website-emails';

/** The website email finder with the politeness limits and the process-wide limit of sites at once. */
export function createEmailFinder(
  config: { allowLoopback: boolean; dnsServers?: string[]; userAgent: string },
  resolver: DnsResolver = new NodeDnsResolver(config.dnsServers),
): EmailFinder {
  return new WebsiteEmailFinder({
    resolver,
    allowLoopback: config.allowLoopback,
    userAgent: config.userAgent,
    timeoutMs: 10_000,
    maxBytes: 2 * 1024 * 1024,
    maxRedirects: 3,
    maxPagesPerSite: 5,
    robotsToken: 'LocalReach',
    mx: new DnsMxChecker(resolver),
    limiter: websiteVisits,
  });
}
