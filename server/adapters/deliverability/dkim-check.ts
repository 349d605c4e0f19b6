import type { DomainCheck } from '../../../contract/domain-health';
import { type DnsQuery, isNoRecordError } from '../dns/dns-resolver';
import { fail, pass, unknown } from './check-results';

type KeyLookup = {
  selector: string;
  outcome: 'found' | 'missing' | 'revoked' | 'weak' | 'broken' | 'unanswered';
  bits?: number;
  error?: unknown;
};

async function lookupKey(domain: string, selector: string, query: DnsQuery): Promise<KeyLookup> {
  try {
    // mailauth is loaded by the first check, not by every server start (decision 0043).
    const { default: tools } = await import('mailauth/lib/tools.js');
    const key = await tools.getPublicKey('DKIM', `${selector}._domainkey.${domain}`, 1024, query);
    return { selector, outcome: 'found', bits: key.modulusLength };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (isNoRecordError(error)) return { selector, outcome: 'missing' };
    if (code === 'ESHORTKEY') return { selector, outcome: 'weak' };
    if (code === 'EINVALIDVAL' && /p=;|p=$/.test((error as { rr?: string }).rr ?? ''))
      return { selector, outcome: 'revoked' };
    if (code?.startsWith('EINVALID')) return { selector, outcome: 'broken' };
    return { selector, outcome: 'unanswered', error };
  }
}

/** DKIM: a usable key at one of the selectors the account's provider signs with, or one seen in its own mail. */
export async function checkDkim(
  domain: string,
  query: DnsQuery,
  selectors: string[],
  advice: string,
): Promise<DomainCheck> {
  const lookups = await Promise.all([...new Set(selectors)].map((selector) => lookupKey(domain, selector, query)));
  const found = lookups.filter((lookup) => lookup.outcome === 'found');
  const keyName = (lookup: KeyLookup) => `${lookup.selector}._domainkey.${domain}`;
  if (found.length > 0) {
    const bits = found.map((lookup) => (lookup.bits ? `${lookup.bits}-bit` : 'Ed25519'));
    return pass(`DKIM key found at ${found.map(keyName).join(', ')} (${[...new Set(bits)].join(', ')}).`);
  }
  const weak = lookups.find((lookup) => lookup.outcome === 'weak');
  if (weak) {
    return fail(
      `The DKIM key at ${keyName(weak)} is shorter than 1024 bits: receivers ignore it.`,
      'Create a new 2048-bit key at your mail provider and publish it in place of the old one.',
    );
  }
  const broken = lookups.find((lookup) => lookup.outcome === 'broken' || lookup.outcome === 'revoked');
  if (broken) {
    return fail(
      `The DKIM record at ${keyName(broken)} is ${broken.outcome === 'revoked' ? 'revoked (empty key)' : 'not a valid key'}.`,
      advice,
    );
  }
  const unanswered = lookups.find((lookup) => lookup.outcome === 'unanswered');
  if (unanswered) return unknown(keyName(unanswered), unanswered.error);
  return fail(
    `No DKIM key found for ${domain} (selectors checked: ${lookups.map((l) => l.selector).join(', ')}).`,
    advice,
  );
}
