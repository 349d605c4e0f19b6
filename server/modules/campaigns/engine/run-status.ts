import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  type CampaignRow,
  campaignRecipients,
  campaigns,
  type EmailAccountRow,
  type UserRow,
} from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import { DomainError } from '../../../lib/domain-error';
import type { OperatorLog } from '../../../lib/operator-log';
import type { DailyLimitError } from '../../sending/send-allowance';
import { sendingWindowOf } from '../../shared/sending-window';
import type { WebhookEmitter } from '../../webhooks/webhook-emitter';
import { emitCampaignEvents, pauseRunningCampaigns } from '../campaign-events';
import { dailyLimitWaitWords } from './daily-limit-wait';

/** The campaign has mails to retry later and nothing to send now; its job comes back after the wait. */
export class CampaignWaitingError extends DomainError {
  readonly code = 'campaign_waiting';
}

/**
 * What becomes of a campaign as a run of it goes: it waits (handed back to the job queue for later), pauses, or is
 * over. The run's send loops only say what they found.
 */
export function createCampaignRunStatus(deps: {
  db: Database;
  clock: Clock;
  staleSendingMs: number;
  webhookEvents: WebhookEmitter;
  events?: OperatorLog;
}) {
  const { db, clock, staleSendingMs, webhookEvents } = deps;
  const events: OperatorLog = deps.events ?? (() => {});

  const updateCampaign = (campaignId: number, changes: Partial<CampaignRow>) =>
    db.update(campaigns).set(changes).where(eq(campaigns.id, campaignId));

  /** Hands the campaign back to the job queue for later, noting when it is due (so it is not taken for dead). */
  async function handBack(campaignId: number, error: DomainError): Promise<never> {
    const seconds = error.retryAfterSeconds ?? 60;
    await updateCampaign(campaignId, { senderDueAt: new Date(clock.now().getTime() + seconds * 1000) });
    throw error;
  }

  /** Pauses a running campaign; one stopped meanwhile (by another mail, or the user) keeps its reason. */
  async function pause(campaignId: number, message: string) {
    const paused = await pauseRunningCampaigns(
      db,
      webhookEvents,
      eq(campaigns.id, campaignId),
      { errorMessage: message, waitingReason: null },
      message,
    );
    if (paused.length > 0) events({ event: 'campaign.paused', campaignId, reason: message });
  }

  /** The campaign's mails still to send, and whether any is a first touch (which the sending window does not hold). */
  async function pending(campaignId: number) {
    const [counts] = await db
      .select({
        count: sql<number>`count(*)::int`,
        firstTouches: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.step} = 1)::int`,
      })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, 'pending')));
    return counts;
  }

  return {
    updateCampaign,
    pause,

    /** A mailbox that refuses the sign-in stops every running campaign sending through it, not only this one. */
    async pauseEveryCampaignOf(account: EmailAccountRow, message: string) {
      const paused = await pauseRunningCampaigns(
        db,
        webhookEvents,
        and(
          eq(campaigns.userId, account.userId),
          sql`(${campaigns.accountId} = ${account.id} OR ${account.id} = ANY(${campaigns.accountIds}))`,
        ),
        { errorMessage: message, waitingReason: null },
        message,
      );
      for (const id of paused) events({ event: 'campaign.paused', campaignId: id, reason: message });
    },

    /** Why a claim found no row: the campaign stopped (paused, its template deleted), or nothing is due now. */
    async noRowLeft(campaignId: number): Promise<'done' | 'stop'> {
      const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
      if (campaign?.status !== 'running') return 'stop';
      if (campaign.templateId === null) {
        await pause(campaignId, 'Sending stopped: the template was deleted.');
        return 'stop';
      }
      return 'done';
    },

    /**
     * Every mailbox of the campaign is at its daily limit. With mails left to send, the campaign waits for the
     * user's midnight and says so (handed back, this throws). With none left, the limit holds nothing back: the
     * loop is done, and the end of the run settles what remains (decision 0061), rather than mails a dead sender
     * left in flight waiting for midnight.
     */
    async atDailyLimit(campaign: CampaignRow, user: UserRow, error: DailyLimitError): Promise<'nothing left'> {
      const left = await pending(campaign.id);
      if (left.count === 0) return 'nothing left';
      const waitingReason = dailyLimitWaitWords({
        mailboxes: error.mailboxes,
        left: left.count,
        limitsResetAt: error.resumesAt,
        now: clock.now(),
        timeZone: user.timezone,
        // Follow-up steps keep to the sending window; first touches go on from midnight (engine/run.ts).
        window: left.firstTouches > 0 ? null : sendingWindowOf(user),
      });
      // Only while running: a campaign paused meanwhile keeps saying why it is paused.
      await db
        .update(campaigns)
        .set({ waitingReason })
        .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'running')));
      return handBack(campaign.id, error);
    },

    /**
     * The end of a run whose loops found nothing more to send now. With mails still open it comes back when a retry
     * is due or a mail being sent would count as abandoned; otherwise the campaign is over (a sequence goes on
     * while leads may still get a next step: the sequence advance decides when it is over).
     */
    async finish(campaign: CampaignRow) {
      const campaignId = campaign.id;
      const [counts] = await db
        .select({
          open: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} IN ('pending', 'sending'))::int`,
          waitingUntil: sql<
            string | null
          >`min(${campaignRecipients.nextAttemptAt}) FILTER (WHERE ${campaignRecipients.state} = 'pending')`,
          oldestClaim: sql<
            string | null
          >`min(${campaignRecipients.claimedAt}) FILTER (WHERE ${campaignRecipients.state} = 'sending')`,
          sent: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'sent')::int`,
          failed: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'failed')::int`,
          unknown: sql<number>`count(*) FILTER (WHERE ${campaignRecipients.state} = 'unknown')::int`,
          lastError: sql<
            string | null
          >`(array_agg(${campaignRecipients.lastError} ORDER BY ${campaignRecipients.id} DESC) FILTER (WHERE ${campaignRecipients.state} = 'failed'))[1]`,
        })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, campaignId));
      if (counts.open > 0) {
        // Come back when a retry is due, or when a mail being sent now would count as abandoned: if its sender is
        // alive it has finished the campaign by then; if it died, the row is settled as unknown.
        const dueTimes = [
          counts.waitingUntil ? new Date(counts.waitingUntil).getTime() : Number.POSITIVE_INFINITY,
          counts.oldestClaim ? new Date(counts.oldestClaim).getTime() + staleSendingMs : Number.POSITIVE_INFINITY,
        ];
        const due = Math.min(...dueTimes);
        const seconds = Number.isFinite(due) ? Math.ceil((due - clock.now().getTime()) / 1000) : 1;
        return handBack(
          campaignId,
          new CampaignWaitingError('Some emails wait to be sent or settled', Math.max(1, seconds)),
        );
      }
      if (campaign.cadence !== null) return;
      const everyMailFailed = counts.failed > 0 && counts.sent === 0 && counts.unknown === 0;
      const ended = await db.transaction(async (tx) => {
        const rows = await tx
          .update(campaigns)
          .set({
            status: everyMailFailed ? 'failed' : 'completed',
            errorMessage: everyMailFailed ? `Every email failed. The last error: ${counts.lastError}` : null,
            waitingReason: null,
            finishedAt: clock.now(),
          })
          .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'running')))
          .returning({ id: campaigns.id });
        if (!everyMailFailed) {
          await emitCampaignEvents(
            webhookEvents,
            tx,
            'campaign.completed',
            rows.map((row) => row.id),
          );
        }
        return rows;
      });
      if (ended.length === 0) return;
      if (everyMailFailed) {
        events({
          event: 'campaign.paused',
          campaignId,
          reason: `Every email failed. The last error: ${counts.lastError}`,
        });
      } else events({ event: 'campaign.completed', campaignId });
    },

    handBack,
  };
}
