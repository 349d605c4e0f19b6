import { randomUUID } from 'node:crypto';
import { and, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import { escapeHtml } from '../../../../contract/template-render';
import { type Database, queryRows } from '../../../db/client';
import { type CampaignRow, campaignRecipients, campaigns, emailAccounts, users } from '../../../db/schema';
import type { OperatorLog } from '../../../lib/operator-log';
import type { TransportRegistry } from '../../sending/transport-registry';
import type { WebhookEmitter } from '../../webhooks/webhook-emitter';
import { campaignAccountIds } from '../campaign-accounts';
import { pauseRunningCampaigns } from '../campaign-events';

/** The bounce brake reads this many of the campaign's latest attempted mails... */
export const BOUNCE_WINDOW = 100;
/** ...and pauses when more than this many of them bounced (over 5%). */
export const MAX_BOUNCES_IN_WINDOW = 5;
/** The complaint brake pauses when complaints pass this share of the mails sent (0.3%). */
export const MAX_COMPLAINT_RATE = 0.003;

export type BrakeKind = NonNullable<CampaignRow['brake']>;
export type CampaignBrakes = ReturnType<typeof createCampaignBrakes>;

/** A share as the user reads it: a percentage with up to two decimals. */
const percent = (part: number, whole: number) => `${Number(((part / whole) * 100).toFixed(2))}%`;

/**
 * The automatic brakes: a running campaign pauses itself when its mails bounce (over 5% of its last 100),
 * draw spam complaints (over 0.3% of those sent) or the provider refuses the mailbox (a block answer). Mails before
 * the campaign's brake window (set when the user resumes a braked campaign) no longer count. A campaign a brake
 * paused says why in its waiting reason, and its owner gets a notice by email (a job, sent through the campaign's
 * mailbox to the user's own address).
 */
export function createCampaignBrakes(deps: {
  db: Database;
  transports: TransportRegistry;
  publicUrl: string;
  enqueueNotice: (campaignId: number) => Promise<unknown>;
  webhookEvents: WebhookEmitter;
  events?: OperatorLog;
}) {
  const { db, transports, publicUrl, enqueueNotice, webhookEvents } = deps;

  /** Pauses the campaign if it still runs; only the brake that paused it sends the notice. */
  async function pauseBy(campaignId: number, brake: BrakeKind, reason: string): Promise<boolean> {
    const paused = await pauseRunningCampaigns(
      db,
      webhookEvents,
      eq(campaigns.id, campaignId),
      { brake, waitingReason: reason, errorMessage: null },
      reason,
    );
    if (paused.length === 0) return false;
    deps.events?.({ event: 'campaign.paused', campaignId, reason });
    await enqueueNotice(campaignId);
    return true;
  }

  /** Mails sent or claimed before the window (a resume after a brake) count no more. */
  const inWindow = (column: SQLWrapper) => sql`(c.brake_window_from IS NULL OR ${column} >= c.brake_window_from)`;

  const brakes = {
    /** After a hard bounce: pauses the campaign when more than 5 of its last 100 attempted mails bounced. */
    async mailBounced(campaignId: number): Promise<boolean> {
      const [counts] = await queryRows<{ attempted: number; bounced: number }>(
        db,
        sql`SELECT count(*)::int AS attempted, count(bounced_at)::int AS bounced FROM (
              SELECT ${campaignRecipients.bouncedAt} FROM ${campaignRecipients}
              JOIN ${campaigns} c ON c.id = ${campaignRecipients.campaignId}
              WHERE ${campaignRecipients.campaignId} = ${campaignId}
                AND ${campaignRecipients.state} IN ('sent', 'failed')
                AND ${inWindow(campaignRecipients.claimedAt)}
              ORDER BY ${campaignRecipients.claimedAt} DESC NULLS LAST, ${campaignRecipients.id} DESC
              LIMIT ${BOUNCE_WINDOW}) latest`,
      );
      if (counts.bounced <= MAX_BOUNCES_IN_WINDOW) return false;
      return pauseBy(
        campaignId,
        'bounces',
        `Paused automatically: ${counts.bounced} of the last ${counts.attempted} emails bounced (over 5%). Clean the list, then resume.`,
      );
    },

    /** After a spam complaint: pauses the campaign when complaints pass 0.3% of its mails sent. */
    async complaintCame(campaignId: number): Promise<boolean> {
      const [counts] = await queryRows<{ sent: number; complaints: number }>(
        db,
        sql`SELECT count(*)::int AS sent,
                   count(*) FILTER (WHERE EXISTS (
                     SELECT 1 FROM inbound_messages i
                     WHERE i.lead_id = ${campaignRecipients.leadId} AND i.recipient_id = ${campaignRecipients.id}
                       AND i.kind = 'complaint'))::int AS complaints
            FROM ${campaignRecipients} JOIN ${campaigns} c ON c.id = ${campaignRecipients.campaignId}
            WHERE ${campaignRecipients.campaignId} = ${campaignId} AND ${campaignRecipients.state} = 'sent'
              AND ${inWindow(campaignRecipients.sentAt)}`,
      );
      if (counts.complaints === 0 || counts.complaints <= counts.sent * MAX_COMPLAINT_RATE) return false;
      return pauseBy(
        campaignId,
        'complaints',
        `Paused automatically: a spam complaint came in and complaints are at ${percent(counts.complaints, counts.sent)} of the emails sent (over 0.3%). Check the list and the message, then resume.`,
      );
    },

    /** The provider refused the mailbox itself (`answer`, quoted): the campaign pauses at once. */
    blocked(campaignId: number, answer: string): Promise<boolean> {
      return pauseBy(
        campaignId,
        'block',
        `Paused automatically: the mail provider refused sending with "${answer}". Wait a day before resuming.`,
      );
    },

    /** A bounce report or a complaint read from a mailbox, about one of our mails: the brake of its campaign. */
    async reportTaken(kind: 'bounce' | 'complaint', recipientId: number): Promise<boolean> {
      const [row] = await db
        .select({ campaignId: campaignRecipients.campaignId })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.id, recipientId), eq(campaignRecipients.kind, 'campaign')));
      if (!row?.campaignId) return false;
      return kind === 'bounce' ? brakes.mailBounced(row.campaignId) : brakes.complaintCame(row.campaignId);
    },

    /**
     * Tells the user by email, to their own address through one of the campaign's mailboxes, why the campaign
     * paused itself. Answers false when there is nothing to tell or no mailbox to send through.
     */
    async sendNotice(campaignId: number): Promise<boolean> {
      const [found] = await db
        .select({ campaign: campaigns, user: users })
        .from(campaigns)
        .innerJoin(users, eq(users.id, campaigns.userId))
        .where(eq(campaigns.id, campaignId));
      const reason = found?.campaign.brake ? found.campaign.waitingReason : null;
      if (!found || !reason) return false;
      const { campaign, user } = found;
      const ids = campaignAccountIds(campaign);
      const mailboxes = ids.length
        ? await db
            .select()
            .from(emailAccounts)
            .where(and(inArray(emailAccounts.id, ids), eq(emailAccounts.userId, user.id)))
        : [];
      const account = mailboxes.find((mailbox) => mailbox.status !== 'error') ?? mailboxes[0];
      if (!account) return false;
      const dashboard = `${publicUrl}/`;
      const text = `${reason}\n\nThe campaign waits for you on your dashboard: ${dashboard}\n`;
      await transports.send(account, {
        from: { name: 'LocalReach', address: account.email },
        to: user.email,
        subject: 'LocalReach paused a campaign for you',
        text,
        html: `<p>${escapeHtml(reason)}</p><p>The campaign waits for you on your <a href="${escapeHtml(dashboard)}">dashboard</a>.</p>`,
        messageId: `<brake-${campaignId}.${randomUUID()}@${account.email.split('@')[1] ?? 'localreach.local'}>`,
      });
      return true;
    },
  };
  return brakes;
}
