import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { isInSendingWindow } from '../../../contract/sending-window';
import { maySend } from '../../../contract/subscription';
import { type Database, queryRows } from '../../db/client';
import { type CampaignRow, campaigns, type UserRow, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { localDay, localWeek } from '../../lib/local-time';
import type { OperatorLog } from '../../lib/operator-log';
import { sendingWindowOf } from '../shared/sending-window';
import type { WebhookEmitter } from '../webhooks/webhook-emitter';
import { emitCampaignEvents } from './campaign-events';
import { stepVariantOf } from './sequence-steps';

export type SequenceAdvance = ReturnType<typeof createSequenceAdvance>;

/** Why a step's row was skipped when its condition was false for the lead (campaign_recipients.last_error). */
export const CONDITION_SKIP = "Left out by the step's condition: not sent.";

/**
 * Moves sequences on: each lead whose latest step went out long enough ago gets a row for the next step (one per
 * campaign, lead and step: a second run adds nothing), only inside the user's sending window, and the sender is
 * asked to send them. A lead leaves the sequence when they reply, book a meeting through a receiver (even one they
 * cancel later: they answered, as a reply does), complain, unsubscribe, bounce or are deleted, or when a step of
 * theirs failed; an out-of-office pauses them until its return date; a step whose condition (opened, clicked, or
 * not) is false for the lead is skipped, and the next one counts from the skip; the week rule (one campaign mail a
 * week) and the template rule (never the same template twice) hold for every step. A sequence is over when nothing
 * is left to send and no lead can get another step.
 */
export function createSequenceAdvance(deps: {
  db: Database;
  clock: Clock;
  enqueueSend: (campaignId: number) => Promise<unknown>;
  webhookEvents: WebhookEmitter;
  events?: OperatorLog;
}) {
  const { db, clock } = deps;

  /** The leads still in the sequence, at their latest step: what may get a next step (now or later). */
  const leadsAtLatestStep = (campaign: CampaignRow) => sql`
    SELECT DISTINCT ON (r.lead_id) r.lead_id, r.step, r.state,
      coalesce(r.sent_at, r.condition_skipped_at) AS sent_at, r.condition_skipped_at IS NOT NULL AS condition_skipped
    FROM campaign_recipients r
    WHERE r.campaign_id = ${campaign.id}
    ORDER BY r.lead_id, r.step DESC`;

  /** Whether a lead at its latest step may still get the next one (what may change with time aside). */
  const mayContinue = (campaign: CampaignRow) => sql`
    (latest.state = 'sent' OR latest.condition_skipped)
    AND s.template_id IS NOT NULL
    AND NOT EXISTS (
      SELECT 1 FROM inbound_messages m
      WHERE m.lead_id = latest.lead_id AND m.user_id = ${campaign.userId}
        AND m.kind IN ('reply', 'complaint') AND m.received_at >= ${campaign.createdAt.toISOString()}::timestamptz)
    AND NOT EXISTS (
      SELECT 1 FROM meetings b
      WHERE b.lead_id = latest.lead_id AND b.booked_at >= ${campaign.createdAt.toISOString()}::timestamptz)
    AND NOT EXISTS (
      SELECT 1 FROM campaign_recipients t JOIN campaigns c ON c.id = t.campaign_id
      WHERE t.lead_id = latest.lead_id AND coalesce(t.template_id, c.template_id) = s.template_id
        AND t.state NOT IN ('failed', 'skipped'))`;

  /**
   * Whether step `s` goes to the lead, by its condition on the latest mail of the sequence the lead got (`previous`):
   * the trigger-kept human_opened / human_clicked flags count people only, never proxies and link scanners.
   */
  const conditionHolds = sql`CASE s.condition
    WHEN 'opened' THEN coalesce(previous.human_opened, false)
    WHEN 'not_opened' THEN NOT coalesce(previous.human_opened, false)
    WHEN 'clicked' THEN coalesce(previous.human_clicked, false)
    WHEN 'not_clicked' THEN NOT coalesce(previous.human_clicked, false)
    ELSE true END`;

  /**
   * Queues the next step of each lead it is due for, or records it skipped (state `skipped`, condition_skipped_at
   * now) when its condition is false: no mail goes, so the week rule does not hold it back, and the step after counts
   * its delay from the skip. Answers how many mails were queued.
   */
  async function addDueSteps(campaign: CampaignRow, user: UserRow, now: Date): Promise<number> {
    const [{ added }] = await queryRows<{ added: number }>(
      db,
      sql`WITH latest AS (${leadsAtLatestStep(campaign)}),
        due AS (
          SELECT latest.lead_id, s.position, s.template_id,
            ${stepVariantOf(sql`latest.lead_id`, sql`s.position`, sql`(1 + jsonb_array_length(s.variants))`)} AS variant,
            ${conditionHolds} AS goes
          FROM latest
          JOIN campaign_steps s ON s.campaign_id = ${campaign.id} AND s.position = latest.step + 1
          JOIN leads l ON l.id = latest.lead_id AND l.status = 'active'
          LEFT JOIN LATERAL (
            SELECT p.human_opened, p.human_clicked FROM campaign_recipients p
            WHERE p.campaign_id = ${campaign.id} AND p.lead_id = latest.lead_id AND p.state = 'sent'
            ORDER BY p.step DESC LIMIT 1) AS previous ON true
          WHERE ${mayContinue(campaign)}
            AND latest.sent_at <= ${now.toISOString()}::timestamptz - make_interval(days => s.delay_days)
            AND NOT EXISTS (
              SELECT 1 FROM inbound_messages m
              WHERE m.lead_id = latest.lead_id AND m.kind = 'auto_reply'
                AND m.details->>'returnDate' > ${localDay(now, user.timezone)})),
        skipped AS (
          INSERT INTO campaign_recipients
            (campaign_id, user_id, lead_id, step, variant, template_id, state, last_error, condition_skipped_at)
          SELECT ${campaign.id}, ${campaign.userId}, due.lead_id, due.position, due.variant, due.template_id,
            'skipped', ${CONDITION_SKIP}, ${now.toISOString()}::timestamptz
          FROM due WHERE NOT due.goes
          ON CONFLICT (campaign_id, lead_id, step) DO NOTHING
          RETURNING 1),
        inserted AS (
          INSERT INTO campaign_recipients (campaign_id, user_id, lead_id, step, variant, template_id)
          SELECT ${campaign.id}, ${campaign.userId}, due.lead_id, due.position, due.variant, due.template_id
          FROM due
          WHERE due.goes AND NOT EXISTS (
            SELECT 1 FROM campaign_recipients w
            WHERE w.lead_id = due.lead_id AND w.kind = 'campaign'
              AND (w.sent_week = ${localWeek(now, user.timezone)} OR w.state IN ('pending', 'sending', 'unknown')))
          ON CONFLICT (campaign_id, lead_id, step) DO NOTHING
          RETURNING 1)
        SELECT (SELECT count(*)::int FROM inserted) AS added, (SELECT count(*)::int FROM skipped) AS skipped`,
    );
    return added;
  }

  /** Over: nothing waits to be sent, and no lead can get another step. */
  async function isOver(campaign: CampaignRow): Promise<boolean> {
    const [{ open, continuing }] = await queryRows<{ open: number; continuing: number }>(
      db,
      sql`WITH latest AS (${leadsAtLatestStep(campaign)})
        SELECT
          (SELECT count(*)::int FROM latest WHERE latest.state IN ('pending', 'sending')) AS open,
          (SELECT count(*)::int FROM latest
             JOIN campaign_steps s ON s.campaign_id = ${campaign.id} AND s.position = latest.step + 1
             JOIN leads l ON l.id = latest.lead_id AND l.status = 'active'
             WHERE ${mayContinue(campaign)}) AS continuing`,
    );
    return open === 0 && continuing === 0;
  }

  return {
    /** One pass over the running sequences; answers how many step mails were queued and sequences finished. */
    async advance(): Promise<{ added: number; finished: number }> {
      const now = clock.now();
      const running = await db
        .select({ campaign: campaigns, user: users })
        .from(campaigns)
        .innerJoin(users, eq(users.id, campaigns.userId))
        .where(and(eq(campaigns.status, 'running'), isNotNull(campaigns.cadence)));
      let added = 0;
      let finished = 0;
      for (const { campaign, user } of running) {
        // An ended trial or paid period pauses the sequence (docs/decisions/0019); it goes on after a payment.
        const queued =
          maySend(user, now) && isInSendingWindow(now, sendingWindowOf(user), user.timezone)
            ? await addDueSteps(campaign, user, now)
            : 0;
        if (queued > 0) {
          added += queued;
          await deps.enqueueSend(campaign.id);
        } else if (await isOver(campaign)) {
          const [done] = await db.transaction(async (tx) => {
            const rows = await tx
              .update(campaigns)
              .set({ status: 'completed', waitingReason: null, finishedAt: now })
              .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'running')))
              .returning({ id: campaigns.id });
            await emitCampaignEvents(
              deps.webhookEvents,
              tx,
              'campaign.completed',
              rows.map((row) => row.id),
            );
            return rows;
          });
          if (done) {
            finished += 1;
            deps.events?.({ event: 'campaign.completed', campaignId: campaign.id });
          }
        }
      }
      return { added, finished };
    },
  };
}
