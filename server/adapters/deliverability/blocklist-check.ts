import type { DomainCheck } from '../../../contract/domain-health';
import { type DnsQuery, isNoRecordError } from '../dns/dns-resolver';
import { fail, pass, unknown } from './check-results';

/** The Spamhaus Domain Blocklist's DNS zone. */
export const SPAMHAUS_DBL = 'dbl.spamhaus.org';

/** The DBL's documented test entry: always listed (127.0.1.2) where the DBL really answers. */
const TEST_ENTRY = 'dbltest.com';

/**
 * Whether the domain is on the Spamhaus DBL: an A answer in 127.0.1.0/24 lists it; NXDOMAIN means not listed, but
 * only when the DBL's test entry is listed in the same run: a resolver that answers NXDOMAIN for everything (no
 * network, a filtering resolver) must not make every domain look clean. Answers in 127.255.255.0/24 are Spamhaus
 * refusing the question (e.g. asked through a public resolver); those and no answer at all are "unknown".
 */
export async function checkBlocklist(domain: string, query: DnsQuery, zone = SPAMHAUS_DBL): Promise<DomainCheck> {
  const [own, testEntry] = await Promise.allSettled([
    query(`${domain}.${zone}`, 'A') as Promise<string[]>,
    query(`${TEST_ENTRY}.${zone}`, 'A') as Promise<string[]>,
  ]);
  if (own.status === 'rejected') {
    if (!isNoRecordError(own.reason)) return unknown('the Spamhaus Domain Blocklist', own.reason);
    const reachable =
      testEntry.status === 'fulfilled' && testEntry.value.some((answer) => answer.startsWith('127.0.1.'));
    if (!reachable) {
      return unknown('the Spamhaus Domain Blocklist (its test entry dbltest.com was not listed)', null);
    }
    return pass(`${domain} is not on the Spamhaus Domain Blocklist.`);
  }
  const answers = own.value;
  const listed = answers.find((answer) => answer.startsWith('127.0.1.'));
  if (listed) {
    return fail(
      `${domain} is on the Spamhaus Domain Blocklist (${listed}): many receivers reject its mail.`,
      `Stop sending from it, find the cause (a hacked site, bought lists), then ask for removal at https://check.spamhaus.org/.`,
    );
  }
  return unknown(`the Spamhaus Domain Blocklist (it answered ${answers.join(', ') || 'nothing'})`, null);
}
