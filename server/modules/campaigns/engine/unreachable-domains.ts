import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { type CampaignRow, campaignRecipients, emailAccounts, leads } from '../../../db/schema';
import { automaticStatusChange } from '../../leads/lead-status';
import { type MailDomainCheck, NO_MAIL_SERVER } from '../../leads/mail-domain-check';
import { campaignAccountIds } from '../campaign-accounts';

/** DNS questions the pass asks at once: enough to check a list quickly, few enough not to flood a resolver. */
const DOMAIN_CHECKS_AT_ONCE = 8;
/** Domains settled per statement, so the progress card's count rises while a long list is checked. */
const DOMAINS_PER_SETTLEMENT = 50;

/** The row's reason, as the per-mail check in run.ts writes it. */
export const NO_MAIL_SERVER_SKIP = `${NO_MAIL_SERVER}: not sent.`;

/** The part of an address after its last `@`, lower-cased: the domain mail-domain-check.ts asks about. */
const domainOfEmail = sql`lower(substring(${leads.email} from '[^@]*$'))`;

/**
 * Before a run's first send: the campaign's pending mails to leads whose domain takes no mail (no MX, a null MX, no
 * address either) are skipped and their leads bounced at once, as the check before each mail in run.ts would do one
 * pace slot at a time. They need no mailbox, so they should not wait for one: the campaign's figures count them from
 * its start. The same trust rule holds: a "no" counts only when the DNS sees one of the campaign's own mailboxes'
 * domains take mail. Answers how many mails were skipped.
 */
export async function skipUnreachableDomains(deps: {
  db: Database;
  mailDomains: MailDomainCheck;
  campaign: CampaignRow;
  /** Called between groups of domains: a long pass still shows its run is alive. */
  beat: () => Promise<void>;
  signal: AbortSignal;
}): Promise<number> {
  const { db, mailDomains, campaign } = deps;
  const senders = await db
    .select({ email: emailAccounts.email })
    .from(emailAccounts)
    .where(and(inArray(emailAccounts.id, campaignAccountIds(campaign)), eq(emailAccounts.userId, campaign.userId)));
  const senderAnswers = await Promise.all(
    senders.map(({ email }) => mailDomains.acceptsMail(email.slice(email.lastIndexOf('@') + 1))),
  );
  if (!senderAnswers.includes(true)) return 0;

  const domains = (
    await queryRows<{ domain: string }>(
      db,
      sql`SELECT DISTINCT ${domainOfEmail} AS domain
          FROM ${campaignRecipients} JOIN ${leads} ON ${leads.id} = ${campaignRecipients.leadId}
          WHERE ${campaignRecipients.campaignId} = ${campaign.id} AND ${campaignRecipients.state} = 'pending'`,
    )
  ).map((row) => row.domain);

  let skipped = 0;
  for (let from = 0; from < domains.length && !deps.signal.aborted; from += DOMAINS_PER_SETTLEMENT) {
    const group = domains.slice(from, from + DOMAINS_PER_SETTLEMENT);
    const unreachable: string[] = [];
    for (let at = 0; at < group.length; at += DOMAIN_CHECKS_AT_ONCE) {
      const batch = group.slice(at, at + DOMAIN_CHECKS_AT_ONCE);
      const answers = await Promise.all(batch.map((domain) => mailDomains.acceptsMail(domain)));
      unreachable.push(...batch.filter((_, index) => answers[index] === false));
    }
    if (unreachable.length > 0) skipped += await settle(db, campaign, unreachable);
    await deps.beat();
  }
  return skipped;
}

/** Skips the campaign's pending mails to these domains and bounces their leads, in one transaction. */
async function settle(db: Database, campaign: CampaignRow, domains: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(campaignRecipients)
      .set({ state: 'skipped', lastError: NO_MAIL_SERVER_SKIP })
      .where(
        and(
          eq(campaignRecipients.campaignId, campaign.id),
          eq(campaignRecipients.state, 'pending'),
          inArray(
            campaignRecipients.leadId,
            tx
              .select({ id: leads.id })
              .from(leads)
              .where(
                and(eq(leads.userId, campaign.userId), sql`${domainOfEmail} = ANY(${sql.param(domains)}::text[])`),
              ),
          ),
        ),
      )
      .returning({ leadId: campaignRecipients.leadId });
    const leadIds = rows.flatMap((row) => (row.leadId === null ? [] : [row.leadId]));
    if (leadIds.length > 0) {
      await tx
        .update(leads)
        .set(automaticStatusChange('bounced', NO_MAIL_SERVER))
        .where(and(inArray(leads.id, leadIds), eq(leads.status, 'active')));
    }
    return rows.length;
  });
}
