import { and, eq } from 'drizzle-orm';
import { type DnsQuery, type DnsResolver, isNoRecordError } from '../../adapters/dns/dns-resolver';
import type { Database } from '../../db/client';
import { type LeadRow, leads, mailDomainChecks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { automaticStatusChange } from './lead-status';

/** The status reason of a lead whose domain cannot receive mail. */
export const NO_MAIL_SERVER = 'No mail server for this domain';

/** How long a domain's answer (it takes mail, or not) is trusted: DNS of a live domain rarely changes in a day. */
const CHECK_VALID_MS = 24 * 60 * 60_000;
/** DNS that could not answer (timeout, SERVFAIL) is asked again after this long, not for every mail of a run. */
const UNKNOWN_VALID_MS = 5 * 60_000;
/** Domains remembered in this process; beyond it the memo starts over (the table still answers). */
const MEMO_LIMIT = 10_000;

type Answer = { acceptsMail: boolean | null; validUntil: number };

export type MailDomainCheck = ReturnType<typeof createMailDomainCheck>;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Whether a domain can receive mail, asked of DNS as a sending server would (RFC 5321 §5.1): its MX hosts, else the
 * domain's own A/AAAA addresses; a null MX (RFC 7505, a single `.`) takes no mail. Answers are kept in
 * mail_domain_checks for a day and in a memo of this process, so a campaign asks once per domain, not per mail.
 */
export function createMailDomainCheck(deps: {
  db: Database;
  clock: Clock;
  dns: Pick<DnsResolver, 'mx'> & { query: DnsQuery };
}) {
  const { db, clock, dns } = deps;
  const memo = new Map<string, Promise<Answer>>();

  /** true: MX or an address; false: neither (or a null MX); null: DNS did not answer. */
  async function askDns(domain: string): Promise<boolean | null> {
    const exchanges = await dns.mx(domain);
    if (exchanges === null) return null;
    if (exchanges.length > 0) return exchanges.some((exchange) => exchange !== '' && exchange !== '.');
    const addresses = await Promise.allSettled([dns.query(domain, 'A'), dns.query(domain, 'AAAA')]);
    if (addresses.some((answer) => answer.status === 'fulfilled' && (answer.value as unknown[]).length > 0)) {
      return true;
    }
    return addresses.every((answer) => answer.status === 'fulfilled' || isNoRecordError(answer.reason)) ? false : null;
  }

  async function check(domain: string): Promise<Answer> {
    const [stored] = await db.select().from(mailDomainChecks).where(eq(mailDomainChecks.domain, domain));
    const storedUntil = stored ? stored.checkedAt.getTime() + CHECK_VALID_MS : 0;
    if (stored && storedUntil > clock.now().getTime())
      return { acceptsMail: stored.acceptsMail, validUntil: storedUntil };
    const acceptsMail = await askDns(domain);
    const checkedAt = clock.now();
    if (acceptsMail === null) return { acceptsMail, validUntil: checkedAt.getTime() + UNKNOWN_VALID_MS };
    await db
      .insert(mailDomainChecks)
      .values({ domain, acceptsMail, checkedAt })
      .onConflictDoUpdate({ target: mailDomainChecks.domain, set: { acceptsMail, checkedAt } });
    return { acceptsMail, validUntil: checkedAt.getTime() + CHECK_VALID_MS };
  }

  /** The domain's answer; concurrent askers of one domain share one check. */
  async function acceptsMail(domain: string): Promise<boolean | null> {
    const key = domain.toLowerCase().replace(/\.$/, '');
    for (;;) {
      let pending = memo.get(key);
      if (!pending) {
        if (memo.size >= MEMO_LIMIT) memo.clear();
        pending = check(key);
        memo.set(key, pending);
        // A failed check (the database) is not remembered.
        pending.catch(() => memo.get(key) === pending && memo.delete(key));
      }
      const answer = await pending;
      if (answer.validUntil > clock.now().getTime()) return answer.acceptsMail;
      if (memo.get(key) === pending) memo.delete(key);
    }
  }

  return {
    acceptsMail,

    /**
     * Before a campaign mail: when the lead's domain cannot receive mail, bounces the lead (if active) with the
     * reason and answers true: the mail must not go. A "no" is trusted only when the same DNS sees the sending
     * mailbox's own domain taking mail: a resolver that answers "no such domain" for everything (a sandbox, a broken
     * installation) must not bounce a whole list, so then every lead is sent as before.
     */
    async bouncesUnreachable(lead: Pick<LeadRow, 'id' | 'email'>, senderEmail: string): Promise<boolean> {
      if ((await acceptsMail(domainOf(lead.email))) !== false) return false;
      if ((await acceptsMail(domainOf(senderEmail))) !== true) return false;
      await db
        .update(leads)
        .set(automaticStatusChange('bounced', NO_MAIL_SERVER))
        .where(and(eq(leads.id, lead.id), eq(leads.status, 'active')));
      return true;
    },
  };
}
