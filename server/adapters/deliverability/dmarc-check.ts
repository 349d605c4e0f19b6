import type getDmarcRecord from 'mailauth/lib/dmarc/get-dmarc-record.js';
import type { DomainCheck } from '../../../contract/domain-health';
import type { DnsQuery } from '../dns/dns-resolver';
import { fail, pass, unknown, warning } from './check-results';

/**
 * DMARC: a record applies (the domain's own or its organizational domain's), its policy, and whether the
 * account's mail aligns with it (SPF or DKIM passing for the same domain as the From address).
 */
export async function checkDmarc(domain: string, query: DnsQuery, aligned: boolean): Promise<DomainCheck> {
  let record: Awaited<ReturnType<typeof getDmarcRecord>>;
  try {
    // mailauth is loaded by the first check, not by every server start (decision 0043).
    const { default: getDmarcRecord } = await import('mailauth/lib/dmarc/get-dmarc-record.js');
    record = await getDmarcRecord(domain, query);
  } catch (error) {
    return unknown(`_dmarc.${domain}`, error);
  }
  if (!record) {
    return fail(
      `${domain} has no DMARC record: Gmail, Yahoo and Outlook ask bulk senders for one.`,
      `Add this TXT record at your DNS host, named _dmarc.${domain}: v=DMARC1; p=none; rua=mailto:dmarc@${domain}`,
    );
  }
  const where = record.isOrgRecord ? ` (from ${record.recordDomain})` : '';
  const alignment = aligned
    ? `your mail aligns with ${domain}`
    : `your mail does not align yet (SPF and DKIM must pass for ${domain})`;
  const policy = record.p ?? 'none';
  if (!aligned) {
    return fail(
      `DMARC policy ${policy}${where}, but ${alignment}: receivers may reject or junk it.`,
      'Fix SPF and DKIM above; DMARC passes once either passes for your domain.',
    );
  }
  if (policy === 'none') {
    return warning(
      `DMARC policy none${where}: it only monitors, and ${alignment}.`,
      `Once your reports look clean, change the record at _dmarc.${record.recordDomain} to p=quarantine.`,
    );
  }
  return pass(`DMARC policy ${policy}${where}; ${alignment}.`);
}
