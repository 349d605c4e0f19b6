import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { CAMPAIGN_RESULTS_LIMIT, type CampaignResults, type StepResults } from '../../../contract/analytics';
import { responseRateOf } from '../../../contract/mail-figures';
import { type Database, queryRows } from '../../db/client';
import { campaignSteps, campaigns, templates, type UserRow } from '../../db/schema';
import { bookingPagesOf, leadsWithReceivedMeetings, pageOf } from '../shared/meetings';
import { outcomeSince } from './campaign-mail-sql';

/** Ids (bigint) come as number or string depending on the driver. */
type StepFiguresRow = {
  campaign_id: number | string;
  step: number;
  sent: number;
  delivered: number;
  replied: number;
  meetings: number;
};

/**
 * Sent, delivered and replied (contract/mail-figures.ts) and booked per campaign and step, for the given campaigns'
 * mails whose outcome came since `start`. A meeting
 * (as the dashboard counts them: a response marked booked, a person's click on a booking link, or a meeting a
 * receiver recorded) counts once per lead and campaign, for the step of the first mail it came from; a booked
 * response tied to none of the lead's campaign mails, and a received meeting, count for the lead's latest mail
 * here. The booked mails are found from the user's few meeting responses and human clicks (their indexes), never by
 * a look per mail.
 */
async function stepFiguresOf(db: Database, user: UserRow, campaignIds: number[], start: Date) {
  const rows = await queryRows<StepFiguresRow>(
    db,
    sql`WITH range_outcomes AS (
          SELECT state, campaign_id, step, replied_at FROM campaign_recipients
          WHERE campaign_id = ANY(${`{${campaignIds.join(',')}}`}::bigint[])
            AND user_id = ${user.id} AND kind = 'campaign' AND state IN ('sent', 'failed', 'unknown')
            AND ${outcomeSince(start)}
        ),
        range_mails AS (
          SELECT id, campaign_id, lead_id, step, replied_at, sent_at FROM campaign_recipients
          WHERE campaign_id = ANY(${`{${campaignIds.join(',')}}`}::bigint[])
            AND user_id = ${user.id} AND kind = 'campaign' AND state = 'sent' AND ${outcomeSince(start)}
        ),
        booking_pages AS (${bookingPagesOf(user.id)}),
        booked_mails AS (
          SELECT recipient_id AS id FROM inbound_messages
          WHERE user_id = ${user.id} AND kind = 'reply' AND meeting_booked_at IS NOT NULL AND recipient_id IS NOT NULL
          UNION
          SELECT recipient_id FROM tracking_events e
          WHERE e.user_id = ${user.id} AND e.kind = 'click' AND NOT e.machine
            AND EXISTS (SELECT 1 FROM booking_pages)
            AND ${pageOf(sql`e.url`)} IN (SELECT page FROM booking_pages)
        ),
        booked_from_mail AS (
          SELECT campaign_id, lead_id, min(step) AS step FROM range_mails
          WHERE id IN (SELECT id FROM booked_mails)
          GROUP BY campaign_id, lead_id
        ),
        -- Booked responses that answer no campaign mail (not matched, or an answer to the user's own reply), and
        -- meetings booked through a receiver (Cal.com, Calendly), which come from no one mail.
        booked_unmatched AS (
          SELECT DISTINCT ON (lead_id) campaign_id, lead_id, step FROM range_mails
          WHERE lead_id IN (
              SELECT i.lead_id FROM inbound_messages i
              WHERE i.user_id = ${user.id} AND i.kind = 'reply' AND i.meeting_booked_at IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM campaign_recipients r WHERE r.id = i.recipient_id AND r.kind = 'campaign')
              UNION
              ${leadsWithReceivedMeetings(user.id)}
            )
            AND lead_id NOT IN (SELECT lead_id FROM booked_from_mail)
          ORDER BY lead_id, sent_at DESC, id DESC
        ),
        meetings AS (
          SELECT campaign_id, step, count(*)::int AS meetings
          FROM (SELECT * FROM booked_from_mail UNION ALL SELECT * FROM booked_unmatched) AS booked
          GROUP BY campaign_id, step
        )
        SELECT f.campaign_id, f.step, f.sent, f.delivered, f.replied, coalesce(m.meetings, 0) AS meetings
        FROM (
          SELECT campaign_id, step, count(*)::int AS sent, count(*) FILTER (WHERE state = 'sent')::int AS delivered,
            count(replied_at)::int AS replied
          FROM range_outcomes GROUP BY campaign_id, step
        ) AS f
        LEFT JOIN meetings m ON m.campaign_id = f.campaign_id AND m.step = f.step`,
  );
  return rows.map((row) => ({ ...row, campaign_id: Number(row.campaign_id) }));
}

type Figures = { sent: number; delivered: number; replied: number; meetings: number };

const resultsOf = (figures: Figures) => ({
  sent: figures.sent,
  replied: figures.replied,
  replyRate: responseRateOf({ responded: figures.replied, delivered: figures.delivered }),
  meetingsBooked: figures.meetings,
});

/**
 * The newest campaigns with mail sent since `start` and their replies and meetings, each sequence step apart
 * (every step of it, those without mail in the range at zero).
 */
export async function campaignResultsSince(db: Database, user: UserRow, start: Date): Promise<CampaignResults[]> {
  const shown = await db
    .select({
      id: campaigns.id,
      createdAt: campaigns.createdAt,
      sequence: sql<boolean>`${campaigns.cadence} IS NOT NULL`,
      templateName: templates.name,
    })
    .from(campaigns)
    .leftJoin(templates, eq(templates.id, campaigns.templateId))
    .where(
      and(
        eq(campaigns.userId, user.id),
        sql`EXISTS (SELECT 1 FROM campaign_recipients WHERE campaign_recipients.campaign_id = ${campaigns.id}
          AND campaign_recipients.state IN ('sent', 'failed', 'unknown') AND ${outcomeSince(start)})`,
      ),
    )
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(CAMPAIGN_RESULTS_LIMIT);
  if (shown.length === 0) return [];

  const ids = shown.map((campaign) => campaign.id);
  const sequenceIds = shown.filter((campaign) => campaign.sequence).map((campaign) => campaign.id);
  const steps = sequenceIds.length
    ? await db
        .select({ campaignId: campaignSteps.campaignId, step: campaignSteps.position, templateName: templates.name })
        .from(campaignSteps)
        .leftJoin(templates, eq(templates.id, campaignSteps.templateId))
        .where(inArray(campaignSteps.campaignId, sequenceIds))
        .orderBy(asc(campaignSteps.position))
    : [];
  const figures = await stepFiguresOf(db, user, ids, start);
  const figuresOf = (campaignId: number, step: number) =>
    figures.find((row) => row.campaign_id === campaignId && row.step === step) ?? {
      sent: 0,
      delivered: 0,
      replied: 0,
      meetings: 0,
    };

  return shown.map((campaign) => {
    const own = figures.filter((row) => row.campaign_id === campaign.id);
    const total = (key: keyof Figures) => own.reduce((sum, row) => sum + row[key], 0);
    const stepResults: StepResults[] = steps
      .filter((step) => step.campaignId === campaign.id)
      .map((step) => ({
        step: step.step,
        templateName: step.templateName,
        ...resultsOf(figuresOf(campaign.id, step.step)),
      }));
    return {
      campaignId: campaign.id,
      templateName: campaign.templateName,
      createdAt: campaign.createdAt.toISOString(),
      ...resultsOf({
        sent: total('sent'),
        delivered: total('delivered'),
        replied: total('replied'),
        meetings: total('meetings'),
      }),
      steps: stepResults,
    };
  });
}
