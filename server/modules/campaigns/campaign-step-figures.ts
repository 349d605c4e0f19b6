import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CampaignStepFigures, StepCondition } from '../../../contract/campaigns';
import { ratePercent } from '../../../contract/display';
import { nextSendingTime } from '../../../contract/sending-window';
import { type Database, queryRows } from '../../db/client';
import { campaigns, type StepVariant, type UserRow } from '../../db/schema';
import { sendingWindowOf } from '../shared/sending-window';

export type SequenceFigures = { steps: CampaignStepFigures[]; nextSendAt: string | null };

/** One step of a campaign with the mails of one of its versions (variant null: the step has no mails yet). */
type StepMailsRow = {
  campaign_id: number | string;
  position: number;
  delay_days: number;
  same_thread: boolean;
  condition: StepCondition;
  variants: StepVariant[];
  template_name: string | null;
  template_subject: string | null;
  leads: number;
  variant: number | null;
  sent: number;
  pending: number;
  skipped: number;
  opened: number;
  replied: number;
};

/** Timestamps come as Date or string depending on the driver; ids (bigint) as number or string. */
type NextSendRow = {
  campaign_id: number | string;
  first_step_due: Date | string | null;
  later_step_due: Date | string | null;
};

/**
 * The steps of the sequences among `campaignIds` (the campaign list's, at most 50), their figures and when each
 * running sequence sends next, in two grouped queries over those campaigns' rows (campaign_recipients_campaign_state_idx
 * and the unique (campaign_id, lead_id, step) index). Single-mail campaigns have no entry.
 */
export async function campaignStepFigures(
  db: Database,
  user: UserRow,
  campaignIds: number[],
  now: Date,
): Promise<Map<number, SequenceFigures>> {
  // Only sequences have steps: a single-mail campaign's rows (perhaps a million) are not read here.
  const sequenceIds = (
    await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(inArray(campaigns.id, campaignIds), eq(campaigns.userId, user.id), isNotNull(campaigns.cadence)))
  ).map((row) => row.id);
  if (sequenceIds.length === 0) return new Map();
  const ids = sql`${`{${sequenceIds.join(',')}}`}::bigint[]`;

  // A mail counts as opened on a person's open or click (a click shows it was opened, pixel or not), as in the
  // dashboard stats; a lead is "at" the latest step it was sent.
  const stepRows = await queryRows<StepMailsRow>(
    db,
    sql`WITH mails AS (
          SELECT r.campaign_id, r.step, r.variant,
            count(*) FILTER (WHERE r.state = 'sent')::int AS sent,
            count(*) FILTER (WHERE r.state IN ('pending', 'sending'))::int AS pending,
            count(*) FILTER (WHERE r.state = 'skipped')::int AS skipped,
            count(*) FILTER (WHERE r.state = 'sent' AND EXISTS (
              SELECT 1 FROM tracking_events e
              WHERE e.recipient_id = r.id AND e.kind IN ('open', 'click') AND NOT e.machine))::int AS opened,
            count(r.replied_at)::int AS replied
          FROM campaign_recipients r
          WHERE r.campaign_id = ANY(${ids}) AND r.user_id = ${user.id}
          GROUP BY r.campaign_id, r.step, r.variant
        ),
        reached AS (
          SELECT campaign_id, step, count(*)::int AS leads FROM (
            SELECT campaign_id, lead_id, max(step) AS step FROM campaign_recipients
            WHERE campaign_id = ANY(${ids}) AND user_id = ${user.id} AND state = 'sent'
            GROUP BY campaign_id, lead_id
          ) AS latest
          GROUP BY campaign_id, step
        )
        SELECT s.campaign_id, s.position, s.delay_days, s.same_thread, s.condition, s.variants,
          t.name AS template_name, t.subject AS template_subject, coalesce(reached.leads, 0) AS leads,
          m.variant, coalesce(m.sent, 0) AS sent, coalesce(m.pending, 0) AS pending,
          coalesce(m.skipped, 0) AS skipped, coalesce(m.opened, 0) AS opened, coalesce(m.replied, 0) AS replied
        FROM campaign_steps s
        JOIN campaigns c ON c.id = s.campaign_id AND c.user_id = ${user.id}
        LEFT JOIN templates t ON t.id = s.template_id
        LEFT JOIN reached ON reached.campaign_id = s.campaign_id AND reached.step = s.position
        LEFT JOIN mails m ON m.campaign_id = s.campaign_id AND m.step = s.position
        WHERE s.campaign_id = ANY(${ids})
        ORDER BY s.campaign_id, s.position, m.variant`,
  );

  // A running sequence sends next its earliest pending mail; with none, the earliest next step still owed to a lead
  // (its latest mail sent, still active, no reply in the campaign), inside the sending window.
  const nextRows = await queryRows<NextSendRow>(
    db,
    sql`WITH running AS (
          SELECT id FROM campaigns
          WHERE id = ANY(${ids}) AND user_id = ${user.id} AND status = 'running' AND cadence IS NOT NULL
        ),
        pending AS (
          SELECT campaign_id,
            min(coalesce(next_attempt_at, ${now.toISOString()}::timestamptz)) FILTER (WHERE step = 1) AS first_step_due,
            min(coalesce(next_attempt_at, ${now.toISOString()}::timestamptz)) FILTER (WHERE step > 1) AS later_step_due
          FROM campaign_recipients
          WHERE campaign_id IN (SELECT id FROM running) AND state = 'pending'
          GROUP BY campaign_id
        ),
        latest AS (
          SELECT DISTINCT ON (r.campaign_id, r.lead_id) r.campaign_id, r.lead_id, r.step, r.state,
            coalesce(r.sent_at, r.condition_skipped_at) AS sent_at, r.condition_skipped_at IS NOT NULL AS condition_skipped
          FROM campaign_recipients r
          WHERE r.campaign_id IN (SELECT id FROM running) AND r.campaign_id NOT IN (SELECT campaign_id FROM pending)
          ORDER BY r.campaign_id, r.lead_id, r.step DESC
        ),
        owed AS (
          SELECT latest.campaign_id, min(latest.sent_at + s.delay_days * interval '1 day') AS due
          FROM latest
          JOIN campaign_steps s ON s.campaign_id = latest.campaign_id AND s.position = latest.step + 1
          JOIN leads l ON l.id = latest.lead_id AND l.status = 'active'
          WHERE (latest.state = 'sent' OR latest.condition_skipped) AND NOT EXISTS (
            SELECT 1 FROM campaign_recipients answered
            WHERE answered.campaign_id = latest.campaign_id AND answered.lead_id = latest.lead_id
              AND answered.replied_at IS NOT NULL)
          GROUP BY latest.campaign_id
        )
        SELECT running.id AS campaign_id, pending.first_step_due, coalesce(pending.later_step_due, owed.due) AS later_step_due
        FROM running
        LEFT JOIN pending ON pending.campaign_id = running.id
        LEFT JOIN owed ON owed.campaign_id = running.id`,
  );

  const window = sendingWindowOf(user);
  const notBeforeNow = (at: Date | string) => new Date(Math.max(new Date(at).getTime(), now.getTime()));
  const nextSendAt = new Map<number, string | null>();
  for (const row of nextRows) {
    // The first step goes at once; later steps wait for the sending window.
    const candidates = [
      row.first_step_due ? notBeforeNow(row.first_step_due) : null,
      row.later_step_due ? nextSendingTime(notBeforeNow(row.later_step_due), window, user.timezone) : null,
    ].filter((at): at is Date => at !== null);
    const earliest = Math.min(...candidates.map((at) => at.getTime()));
    nextSendAt.set(Number(row.campaign_id), candidates.length ? new Date(earliest).toISOString() : null);
  }

  const figures = new Map<number, SequenceFigures>();
  for (const row of stepRows) {
    const campaignId = Number(row.campaign_id);
    let sequence = figures.get(campaignId);
    if (!sequence) {
      sequence = { steps: [], nextSendAt: nextSendAt.get(campaignId) ?? null };
      figures.set(campaignId, sequence);
    }
    let step = sequence.steps.at(-1);
    if (step?.position !== row.position) {
      step = {
        position: row.position,
        templateName: row.template_name,
        delayDays: row.delay_days,
        sameThread: row.same_thread,
        condition: row.condition,
        leads: row.leads,
        sent: 0,
        pending: 0,
        skipped: 0,
        replied: 0,
        // Version 0 is the template itself, then the step's variants, each listed even before it is sent.
        variants: [row.template_subject, ...row.variants.map((variant) => variant.subject)].map((subject, index) => ({
          variant: index,
          subject,
          sent: 0,
          opened: 0,
          replied: 0,
          replyRate: 0,
        })),
      };
      sequence.steps.push(step);
    }
    step.sent += row.sent;
    step.pending += row.pending;
    step.skipped += row.skipped;
    step.replied += row.replied;
    const version = row.variant === null ? undefined : step.variants[row.variant];
    if (version) {
      version.sent = row.sent;
      version.opened = row.opened;
      version.replied = row.replied;
      version.replyRate = ratePercent(row.replied, row.sent);
    }
  }
  return figures;
}
