import type { DomainCheck } from '../../../contract/domain-health';
import { type DnsQuery, isNoRecordError } from '../dns/dns-resolver';
import { fail, pass, unknown } from './check-results';

/** The domain's MX: where replies and bounces to the account go. */
export async function checkMx(domain: string, query: DnsQuery, mxAdvice: string): Promise<DomainCheck> {
  let records: { exchange: string; priority: number }[];
  try {
    records = (await query(domain, 'MX')) as typeof records;
  } catch (error) {
    if (isNoRecordError(error))
      return fail(`${domain} has no MX record: replies and bounces cannot reach you.`, mxAdvice);
    return unknown(`${domain}'s MX`, error);
  }
  const hosts = records
    .filter((record) => record.exchange !== '' && record.exchange !== '.')
    .sort((a, b) => a.priority - b.priority)
    .map((record) => record.exchange);
  if (hosts.length === 0) {
    return fail(`${domain} publishes a "null MX": it says it takes no mail, so replies cannot reach you.`, mxAdvice);
  }
  return pass(`Mail for ${domain} goes to ${hosts.slice(0, 3).join(', ')}.`);
}
