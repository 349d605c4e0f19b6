import type { DomainCheck } from '../../../contract/domain-health';
import type { DnsQuery } from '../dns/dns-resolver';
import { fail, pass, unknown, warning } from './check-results';
import type { SenderProfile } from './sender-profile';

/** The record with the provider's mechanism added after `v=spf1`: what the user should publish instead. */
function recordWith(record: string, mechanism: string): string {
  return record.replace(/^v=spf1\b/i, `v=spf1 ${mechanism}`);
}

/**
 * SPF: whether the domain's record authorises the provider the account sends through. mailauth evaluates the
 * record for one of the provider's sending addresses, following includes and redirects as a receiver would.
 */
export async function checkSpf(domain: string, query: DnsQuery, profile: SenderProfile): Promise<DomainCheck> {
  const addRecord = `Add this TXT record at your DNS host: v=spf1 ${profile.spfMechanism} ~all`;
  if (!profile.probeAddress) {
    return unknown(`${profile.name}, the account's SMTP server`, null);
  }
  // mailauth is loaded by the first check, not by every server start (decision 0043).
  const { spf } = await import('mailauth/lib/spf/index.js');
  const result = await spf({
    sender: `postmaster@${domain}`,
    ip: profile.probeAddress,
    helo: domain,
    mta: 'localreach',
    resolver: query as Parameters<typeof spf>[0]['resolver'],
    maxElapsedTime: 20_000,
  });
  const record = result.rr ?? '';
  switch (result.status.result) {
    case 'pass':
      if (/\s\+?all\b/i.test(record) && !/[-~?]all\b/i.test(record)) {
        return warning(
          `${domain}'s SPF record ends in +all: it lets anyone send as you.`,
          `Change the TXT record at your DNS host to: v=spf1 ${profile.spfMechanism} ~all`,
        );
      }
      return pass(`SPF authorises ${profile.name} to send for ${domain}.`);
    case 'none':
      return fail(`${domain} has no SPF record: receivers cannot tell your mail from forgeries.`, addRecord);
    case 'permerror':
      return fail(
        `${domain}'s SPF record is broken (${result.status.comment?.replace(/^[^:]*:\s*/, '') ?? 'permanent error'}).`,
        `Publish one SPF record with at most 10 DNS lookups, e.g.: v=spf1 ${profile.spfMechanism} ~all`,
      );
    case 'temperror':
      return unknown(`${domain}'s SPF record`, null);
    default:
      return fail(
        `${domain}'s SPF record does not authorise ${profile.name}: ${record || 'no matching mechanism'}.`,
        record ? `Change the TXT record at your DNS host to: ${recordWith(record, profile.spfMechanism)}` : addRecord,
      );
  }
}
