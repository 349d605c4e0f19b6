import { isIP } from 'node:net';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AccountHealth } from '../../../contract/domain-health';
import { ownDkimSelectors } from '../../adapters/deliverability/dkim-selectors';
import { checkDomainHealth, domainOf } from '../../adapters/deliverability/domain-health';
import { senderProfile } from '../../adapters/deliverability/sender-profile';
import type { DnsQuery } from '../../adapters/dns/dns-resolver';
import type { Database } from '../../db/client';
import { type EmailAccountRow, emailAccounts, type ProviderConnectionRow, providerConnections } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import type { SmtpCredentials } from '../sending/credentials';

/** A domain checked less than this long ago is not checked again by the daily job. */
const RECHECK_AFTER_HOURS = 20;
/** Accounts the daily job checks in one run, oldest check first; the rest wait for the next day's run. */
const DAILY_BATCH = 2000;

export type AccountHealthService = ReturnType<typeof createAccountHealthService>;

/** The sending domain's health for each account: checked when linked, every day, and when the user asks. */
export function createAccountHealthService(deps: { db: Database; clock: Clock; secrets: SecretBox; query: DnsQuery }) {
  const { db, clock, secrets, query } = deps;

  /** The SMTP host of an SMTP account, with an address of it (for SPF); null for Google and Microsoft. */
  async function smtpServerOf(connection: ProviderConnectionRow) {
    if (connection.provider !== 'smtp') return null;
    const { host } = secrets.open<SmtpCredentials>(connection.credentials).smtp;
    if (isIP(host)) return { host, address: host };
    const addresses = (await query(host, 'A').catch(() => [])) as string[];
    return { host, address: addresses[0] ?? null };
  }

  async function check(account: EmailAccountRow, connection: ProviderConnectionRow): Promise<AccountHealth> {
    const health = await checkDomainHealth({
      domain: domainOf(account.email),
      profile: senderProfile(connection.provider, await smtpServerOf(connection)),
      seenSelectors: account.dkimSelectors,
      query,
      now: clock.now(),
    });
    await db.update(emailAccounts).set({ health }).where(eq(emailAccounts.id, account.id));
    return health;
  }

  const withConnection = () =>
    db
      .select({ account: emailAccounts, connection: providerConnections })
      .from(emailAccounts)
      .innerJoin(providerConnections, eq(providerConnections.id, emailAccounts.connectionId));

  return {
    check,

    /** The job after an account is linked; an account deleted meanwhile is skipped. */
    async checkById(accountId: number) {
      const [row] = await withConnection().where(eq(emailAccounts.id, accountId));
      if (!row) return { checked: false };
      const health = await check(row.account, row.connection);
      return { checked: true, domain: health.domain };
    },

    /** The daily job: every account not checked in the last 20 hours, one after another (DNS answers are quick). */
    async checkDue() {
      const dueBefore = new Date(clock.now().getTime() - RECHECK_AFTER_HOURS * 3600_000).toISOString();
      const due = await withConnection()
        .where(
          or(
            isNull(emailAccounts.health),
            sql`(${emailAccounts.health}->>'checkedAt')::timestamptz < ${dueBefore}::timestamptz`,
          ),
        )
        .orderBy(asc(sql`${emailAccounts.health}->>'checkedAt'`), asc(emailAccounts.id))
        .limit(DAILY_BATCH);
      for (const { account, connection } of due) await check(account, connection);
      return { checked: due.length };
    },

    /**
     * Remembers the DKIM selectors seen signing a mail from the account's own domain (a mail it sent to itself, or
     * one that came back), so the next check looks at them too. At most 5 are kept.
     */
    async noteOwnMail(account: { id: number; email: string }, source: Buffer) {
      for (const selector of ownDkimSelectors(source, domainOf(account.email))) {
        await db
          .update(emailAccounts)
          .set({ dkimSelectors: sql`array_append(${emailAccounts.dkimSelectors}, ${selector})` })
          .where(
            and(
              eq(emailAccounts.id, account.id),
              sql`NOT (${selector} = ANY(${emailAccounts.dkimSelectors}))`,
              sql`cardinality(${emailAccounts.dkimSelectors}) < 5`,
            ),
          );
      }
    },
  };
}
