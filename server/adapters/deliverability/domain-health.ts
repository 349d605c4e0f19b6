import type { AccountHealth } from '../../../contract/domain-health';
import type { DnsQuery } from '../dns/dns-resolver';
import { checkBlocklist } from './blocklist-check';
import { checkDkim } from './dkim-check';
import { checkDmarc } from './dmarc-check';
import { checkMx } from './mx-check';
import type { SenderProfile } from './sender-profile';
import { checkSpf } from './spf-check';

/** The domain part of an address, lower-cased. */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Checks a sending domain as a receiver sees it: MX, SPF for the provider, DKIM at its selectors, DMARC with
 * alignment, and the Spamhaus DBL. Each check stands alone: one DNS failure makes only its check unknown.
 */
export async function checkDomainHealth(input: {
  domain: string;
  profile: SenderProfile;
  /** Selectors seen in the account's own mail, checked before the provider's usual ones. */
  seenSelectors: string[];
  query: DnsQuery;
  blocklistZone?: string;
  now: Date;
}): Promise<AccountHealth> {
  const { domain, profile, query } = input;
  const [mx, spf, dkim, blocklist] = await Promise.all([
    checkMx(domain, query, profile.mxAdvice),
    checkSpf(domain, query, profile),
    checkDkim(domain, query, [...input.seenSelectors, ...profile.dkimSelectors], profile.dkimAdvice),
    checkBlocklist(domain, query, input.blocklistZone),
  ]);
  // The account's mail is signed and sent for its own domain, so it aligns when SPF or DKIM passes for it.
  const aligned = spf.status === 'pass' || spf.status === 'warning' || dkim.status === 'pass';
  const dmarc = await checkDmarc(domain, query, aligned);
  return { checkedAt: input.now.toISOString(), domain, mx, spf, dkim, dmarc, blocklist };
}
