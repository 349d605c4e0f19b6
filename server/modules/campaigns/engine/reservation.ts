import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { type CampaignRecipientRow, campaignRecipients, leads, type UserRow } from '../../../db/schema';
import { localWeek } from '../../../lib/local-time';
import { type RotatingReservation, rotatingReservationCte, type SendAllowance } from '../../sending/send-allowance';
import type { Claimed } from './run-context';

/**
 * A mail its mailbox accepted, to be committed `sent`: by the statement that reserves the loop's next mail
 * (decision 0049), or on its own where no reservation follows.
 */
export type Delivered = {
  row: CampaignRecipientRow;
  messageId: string;
  subject: string | null;
  weekNumber: number | null;
  /** The hosts of the mail's tracked links (tracking/mail-links.ts); none known for a mail found in a Sent folder. */
  linkHosts?: string[] | null;
  sentAt: Date;
};

/** The parameters that commit a delivered mail as `sent` (the settling part of the reservation, or alone). */
export const sentParameters = (delivered: Delivered, user: Pick<UserRow, 'timezone'>) => ({
  settleId: delivered.row.id,
  messageId: delivered.messageId,
  subject: delivered.subject,
  sentAt: delivered.sentAt.toISOString(),
  sentWeek: localWeek(delivered.sentAt, user.timezone),
  weekNumber: delivered.weekNumber,
  linkHosts: delivered.linkHosts ?? null,
});

/**
 * Whether the mail's user has an enabled webhook endpoint that hears of sent mails, as the emitter decides it
 * (webhook-emitter.ts), in SQL about `campaign_recipients`: the reservation statement settles a mail `sent` itself
 * only when not, and leaves the others to sent-settlement.ts, which queues the event with the settlement.
 */
export const NO_SENT_MAIL_SUBSCRIBER = sql`NOT EXISTS (SELECT 1 FROM webhook_endpoints e
  WHERE e.user_id = ${campaignRecipients.userId} AND e.disabled_at IS NULL AND 'email.sent' = ANY(e.events))`;

export const NOTHING_TO_SETTLE = {
  settleId: null,
  messageId: null,
  subject: null,
  sentAt: null,
  sentWeek: null,
  weekNumber: null,
  linkHosts: null,
};

export type CampaignStatements = ReturnType<typeof prepareCampaignStatements>;

/**
 * The statements every campaign mail runs, prepared once per sender. The one before each mail reserves a send on the
 * campaign's mailboxes (the send allowance's rule, rotatingReservationCte), claims the row it sends when its pace
 * slot is now, and commits the loop's last mail `sent`: one statement, one commit per mail.
 */
export function prepareCampaignStatements(db: Database, allowance: SendAllowance) {
  /**
   * Commits the `sending` row `settleId` as `sent`, with what the mailbox accepted, unless its user's webhooks hear
   * of sent mails: that settlement queues the event with it (sent-settlement.ts).
   */
  const settleSentUpdate = () =>
    db
      .update(campaignRecipients)
      .set({
        state: 'sent',
        messageId: sql`${sql.placeholder('messageId')}`,
        subject: sql`${sql.placeholder('subject')}`,
        sentAt: sql`${sql.placeholder('sentAt')}::timestamptz`,
        sentWeek: sql`${sql.placeholder('sentWeek')}`,
        weekNumber: sql`${sql.placeholder('weekNumber')}`,
        linkHosts: sql`${sql.placeholder('linkHosts')}::text[]`,
        lastError: null,
      })
      .where(
        and(
          eq(campaignRecipients.id, sql.placeholder('settleId')),
          eq(campaignRecipients.state, 'sending'),
          NO_SENT_MAIL_SUBSCRIBER,
        ),
      );
  /**
   * Claims the campaign's next due row for an account: none while the campaign is not running or has lost its
   * template, so a pause stops every send loop at its next mail. `when` adds a condition.
   */
  const claiming = (accountId: SQL, when?: SQL) =>
    db
      .update(campaignRecipients)
      .set({
        state: 'sending',
        claimedAt: sql`${sql.placeholder('now')}::timestamptz`,
        attempts: sql`${campaignRecipients.attempts} + 1`,
        accountId,
      })
      .where(
        and(
          eq(campaignRecipients.state, 'pending'),
          eq(
            campaignRecipients.id,
            sql`(SELECT id FROM campaign_recipients WHERE campaign_id = ${sql.placeholder('campaignId')}
                   AND state = 'pending'
                   AND (next_attempt_at IS NULL OR next_attempt_at <= ${sql.placeholder('now')}::timestamptz)
                   AND EXISTS (SELECT 1 FROM campaigns WHERE id = ${sql.placeholder('campaignId')}
                     AND status = 'running' AND template_id IS NOT NULL)
                 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
          ),
          when,
        ),
      );
  /** The claim with its lead, in one statement. */
  const claimed = db.$with('claimed').as(claiming(sql`${sql.placeholder('accountId')}`).returning());
  const claimQuery = db
    .with(claimed)
    .select()
    .from(claimed)
    .leftJoin(leads, eq(leads.id, claimed.leadId))
    .prepare('campaign_claim_next');
  /**
   * The reservation of a send (send-allowance.ts) and, when its pace slot is now, the claim of the row it sends,
   * in one statement: one commit per mail fewer where the pace lets mails go as fast as they can.
   */
  const reserved = rotatingReservationCte(db);
  const claimedNow = db.$with('claimed').as(
    claiming(sql`${reserved.id}`, sql`${reserved.slot} <= ${sql.placeholder('now')}::timestamptz`)
      .from(reserved)
      .returning(getTableColumns(campaignRecipients)),
  );
  /** The loop's last mail committed `sent`, in the statement that reserves its next (none: settleId is null). */
  const settledBefore = db.$with('settled_before').as(settleSentUpdate().returning({ id: campaignRecipients.id }));
  const reserveAndClaimQuery = db
    .with(settledBefore, reserved, claimedNow)
    .select()
    .from(reserved)
    .leftJoin(claimedNow, sql`true`)
    .leftJoin(leads, eq(leads.id, claimedNow.leadId))
    .leftJoin(settledBefore, sql`true`)
    .prepare('campaign_reserve_and_claim');
  return {
    claimQuery,
    /**
     * Reserves the next send of the campaign on one of `accountIds` and, when its slot is now, claims the row it
     * sends (`claimed`, null when none is due); `settling`, the loop's last mail, is committed `sent` by the same
     * statement (`settled`) unless its user's webhooks hear of sent mails. With no mailbox able to send it throws why
     * (DailyLimitError until midnight, or NoSendingAccountError).
     */
    async reserveAndClaim(
      user: UserRow,
      accountIds: number[],
      campaignId: number,
      settling: Delivered | null,
    ): Promise<RotatingReservation & { claimed: Claimed | null; settled: boolean }> {
      const { parameters, day, now } = allowance.rotationParameters(user, accountIds);
      const [row] = await reserveAndClaimQuery.execute({
        ...parameters,
        ...(settling ? sentParameters(settling, user) : NOTHING_TO_SETTLE),
        campaignId,
      });
      if (!row) return allowance.whyNoMailboxCanSend(user, accountIds, day, now);
      // `claimed` is null when the slot is now and no row is due, or when the slot is later (nothing was claimed).
      const claimed = row.claimed ? { row: row.claimed, lead: row.leads } : null;
      const settled = row.settled_before !== null;
      return { ...allowance.rotatingReservationOf(row.reserved, day, now), claimed, settled };
    },
  };
}
