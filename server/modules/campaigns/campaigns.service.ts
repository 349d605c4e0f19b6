import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnalyticsRange } from '../../../contract/analytics';
import {
  type AddCampaignLeadsResponse,
  CAMPAIGN_LIST_LIMIT,
  type Campaign,
  type CampaignListItem,
  type DashboardStats,
  type ResumeCampaignRequest,
  SEND_MASS_EMAIL_MESSAGES,
  type SendMassEmailRequest,
  type SendMassEmailResponse,
} from '../../../contract/campaigns';
import { ratePercent } from '../../../contract/display';
import { mailRates } from '../../../contract/mail-figures';
import type { Database } from '../../db/client';
import {
  type CampaignRow,
  campaignRecipients,
  campaignSteps,
  campaigns,
  type EmailAccountRow,
  emailAccounts,
  mailRollups,
  templates,
  type UserRow,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { localWeek } from '../../lib/local-time';
import type { OperatorLog } from '../../lib/operator-log';
import { resourceId } from '../../lib/resource-id';
import { mailCountSums, rangeStartDay, rollupSums, rollupsOf } from '../analytics/mail-rollups';
import { assertMaySend } from '../billing/subscription.service';
import { countMeetingsBooked } from '../shared/meetings';
import type { WebhookEmitter } from '../webhooks/webhook-emitter';
import { campaignAccountIds } from './campaign-accounts';
import { campaignCounts, campaignDto } from './campaign-dto';
import { emitCampaignEvents } from './campaign-events';
import { campaignFinish } from './campaign-finish';
import { campaignStepFigures } from './campaign-step-figures';
import { insertFirstStepRecipients } from './first-step-recipients';
import { assertActiveTemplates, sequenceSteps } from './sequence-steps';

export const POSTAL_ADDRESS_REQUIRED =
  'Add your postal address in Settings before sending: the law requires it in every marketing email';

/** The reason a campaign.paused event gives for a pause its owner asked for. */
export const OWNER_PAUSE_REASON = 'Paused by its owner';

export type CampaignsService = ReturnType<typeof createCampaignsService>;

/** An account in error (credentials refused or unreadable) sends nothing until it is reconnected. */
function assertCanSend(account: EmailAccountRow) {
  if (account.status === 'error') {
    throw AppError.badRequest(
      `${account.email} needs attention before it can send: ${account.statusReason ?? 'reconnect it'}. Fix it on the Email Accounts page.`,
    );
  }
}

/**
 * Starting campaigns and reading them. Sending is the campaign sender's job (engine/run.ts), run by the
 * workers; this service only writes the campaign and one recipient row per lead that may be mailed.
 */
export function createCampaignsService(deps: {
  db: Database;
  clock: Clock;
  enqueueSend: (campaignId: number) => Promise<unknown>;
  /** A running campaign whose sender was not seen for this long (and is not due later) lost it. */
  staleSenderMs: number;
  webhookEvents: WebhookEmitter;
  events?: OperatorLog;
}) {
  const { db, clock, enqueueSend, staleSenderMs, webhookEvents } = deps;
  const events: OperatorLog = deps.events ?? (() => {});

  async function owned(user: UserRow, rawId: string): Promise<CampaignRow> {
    const id = resourceId(rawId, 'Campaign not found');
    const [row] = await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, user.id)));
    if (!row) throw AppError.notFound('Campaign not found');
    return row;
  }

  /** A campaign can only go on through its mailboxes that are still there, none of them in error. */
  async function mailboxReady(user: UserRow, campaign: CampaignRow) {
    const accounts = await db
      .select()
      .from(emailAccounts)
      .where(and(inArray(emailAccounts.id, campaignAccountIds(campaign)), eq(emailAccounts.userId, user.id)));
    if (accounts.length === 0)
      throw AppError.badRequest('The email account of this campaign was disconnected. Connect it again first.');
    for (const account of accounts) assertCanSend(account);
  }

  /** The campaign as one read shows it: its counts and, while it runs, when it should finish. */
  const withCounts = async (user: UserRow, row: CampaignRow) =>
    campaignDto(row, await campaignCounts(db, [row.id]), await campaignFinish(db, user, row, clock.now()));

  return {
    /**
     * Starts a mass send (docs/product.md §5 checks, in docs/product.md's order). Leads that will not be mailed are counted as skipped:
     * another user's ids, unsubscribed or bounced leads, leads mailed (or queued) this week of the user's calendar,
     * and leads that already got this template.
     */
    async start(user: UserRow, input: SendMassEmailRequest): Promise<SendMassEmailResponse> {
      assertMaySend(user, clock.now());
      if (!input.accountId) throw AppError.badRequest(SEND_MASS_EMAIL_MESSAGES.account);
      if (!input.templateId) throw AppError.badRequest(SEND_MASS_EMAIL_MESSAGES.template);
      if (!input.leadIds?.length) throw AppError.badRequest(SEND_MASS_EMAIL_MESSAGES.leads);
      const rotation = [...new Set([input.accountId, ...(input.accountIds ?? [])])];
      const accounts = await db
        .select()
        .from(emailAccounts)
        .where(and(inArray(emailAccounts.id, rotation), eq(emailAccounts.userId, user.id)));
      if (accounts.length !== rotation.length) throw AppError.notFound('Email account not found');
      for (const account of accounts) assertCanSend(account);
      const template = { id: input.templateId };
      const steps = input.sequence ? sequenceSteps(input.templateId, input.sequence) : null;
      await assertActiveTemplates(db, user, steps ? steps.map((step) => step.templateId) : [template.id]);
      if (!user.postalAddress) throw AppError.badRequest(POSTAL_ADDRESS_REQUIRED);
      // Leads get the first step's versions in turn, fixed with their row.
      const firstStepVersions = 1 + (steps?.[0].variants.length ?? 0);

      // In the order of the leads, as the recipients' rows are made (and later sent) in chunks of it.
      const requested = [...new Set(input.leadIds)].sort((a, b) => a - b);
      const week = localWeek(clock.now(), user.timezone);
      const started = await db.transaction(async (tx) => {
        const [campaign] = await tx
          .insert(campaigns)
          .values({
            userId: user.id,
            accountId: input.accountId,
            accountIds: rotation,
            templateId: template.id,
            trackingEnabled: input.trackingEnabled ?? true,
            cadence: input.sequence?.cadence ?? null,
            createdAt: clock.now(),
          })
          .returning({ id: campaigns.id });
        if (steps) await tx.insert(campaignSteps).values(steps.map((step) => ({ ...step, campaignId: campaign.id })));
        const inserted = await insertFirstStepRecipients(
          tx,
          { id: campaign.id, userId: user.id, templateId: template.id, firstStepVersions },
          requested,
          week,
        );
        const skipped = requested.length - inserted;
        await tx
          .update(campaigns)
          .set({
            emailsSkipped: skipped,
            ...(inserted === 0 && { status: 'completed' as const, finishedAt: clock.now() }),
          })
          .where(eq(campaigns.id, campaign.id));
        await emitCampaignEvents(webhookEvents, tx, 'campaign.started', [campaign.id]);
        // With no lead to mail, it is over as it starts.
        if (inserted === 0) await emitCampaignEvents(webhookEvents, tx, 'campaign.completed', [campaign.id]);
        return { id: campaign.id, recipients: inserted };
      });
      events({ event: 'campaign.started', campaignId: started.id, userId: user.id, recipients: started.recipients });
      const campaignId = started.id;
      await enqueueSend(campaignId);
      return { message: 'Mass email campaign started successfully', campaignId };
    },

    /**
     * Adds leads to a campaign (a program adding the leads it qualified): each gets the first step on the rules of
     * a start, the rest are counted skipped; a completed campaign runs again for them, a paused one waits for resume.
     */
    async addLeads(user: UserRow, rawId: string, leadIds: number[]): Promise<AddCampaignLeadsResponse> {
      assertMaySend(user, clock.now());
      const campaign = await owned(user, rawId);
      if (campaign.status === 'failed')
        throw AppError.conflict('This campaign failed; start a new one for these leads.');
      if (campaign.templateId === null) throw AppError.conflict('The template of this campaign was deleted.');
      if (!user.postalAddress) throw AppError.badRequest(POSTAL_ADDRESS_REQUIRED);
      await mailboxReady(user, campaign);
      const [firstStep] = await db
        .select({ variants: campaignSteps.variants })
        .from(campaignSteps)
        .where(and(eq(campaignSteps.campaignId, campaign.id), eq(campaignSteps.position, 1)));
      const templateId = campaign.templateId;
      const requested = [...new Set(leadIds)];
      const added = await db.transaction(async (tx) => {
        const inserted = await insertFirstStepRecipients(
          tx,
          { id: campaign.id, userId: user.id, templateId, firstStepVersions: 1 + (firstStep?.variants.length ?? 0) },
          requested,
          localWeek(clock.now(), user.timezone),
        );
        const reopen = inserted > 0 && campaign.status === 'completed';
        await tx
          .update(campaigns)
          .set({
            emailsSkipped: sql`${campaigns.emailsSkipped} + ${requested.length - inserted}`,
            ...(reopen && { status: 'running' as const, finishedAt: null, waitingReason: null }),
          })
          .where(eq(campaigns.id, campaign.id));
        if (reopen) await emitCampaignEvents(webhookEvents, tx, 'campaign.started', [campaign.id]);
        return inserted;
      });
      if (added > 0 && campaign.status !== 'paused') await enqueueSend(campaign.id);
      return { added, skipped: requested.length - added };
    },

    async get(user: UserRow, rawId: string): Promise<Campaign> {
      return withCounts(user, await owned(user, rawId));
    },

    /** The user's campaigns, newest first, with the template and mailbox they use. */
    async list(user: UserRow): Promise<CampaignListItem[]> {
      const rows = await db
        .select({ campaign: campaigns, templateName: templates.name, accountEmail: emailAccounts.email })
        .from(campaigns)
        .leftJoin(templates, eq(templates.id, campaigns.templateId))
        .leftJoin(emailAccounts, eq(emailAccounts.id, campaigns.accountId))
        .where(eq(campaigns.userId, user.id))
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
        .limit(CAMPAIGN_LIST_LIMIT);
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.campaign.id);
      const counts = await campaignCounts(db, ids);
      const sequences = await campaignStepFigures(db, user, ids, clock.now());
      return rows.map((row) => ({
        ...campaignDto(row.campaign, counts),
        templateName: row.templateName,
        accountEmail: row.accountEmail,
        cadence: row.campaign.cadence,
        steps: sequences.get(row.campaign.id)?.steps ?? [],
        nextSendAt: sequences.get(row.campaign.id)?.nextSendAt ?? null,
      }));
    },

    /**
     * docs/product.md §3 Dashboard stats from the campaign mails' rollups (analytics/mail-rollups.ts). Opens and clicks count
     * delivered mails with a person's open or click (a click shows the mail was opened, pixel or not); machine hits
     * (decision 0014) are only counted apart. Rates are percentages with one decimal: delivery of all mails with an
     * outcome, the others of delivered mails, conversion of the leads first mailed in the range who answered
     * (decision 0020). Meetings booked are counted per lead (meetings.ts). With a range, only the mails whose outcome
     * came since its start (contract/analytics.ts) and what happened to them count.
     */
    async stats(user: UserRow, range?: AnalyticsRange): Promise<DashboardStats> {
      const fromDay = range ? rangeStartDay(user, range, clock.now()) : null;
      const [counts] = await db
        .select({
          ...mailCountSums,
          leadsMailed: rollupSums.leadsMailed,
          leadsReplied: rollupSums.leadsReplied,
          machineEvents: rollupSums.machineEvents,
        })
        .from(mailRollups)
        .where(rollupsOf(user, fromDay));
      return {
        totalEmailsSent: counts.sent,
        emailsDelivered: counts.delivered,
        emailsOpened: counts.opened,
        emailsClicked: counts.clicked,
        emailsResponded: counts.responded,
        ...mailRates(counts),
        conversionRate: ratePercent(counts.leadsReplied, counts.leadsMailed),
        machineEventsLeftOut: counts.machineEvents,
        meetingsBooked: await countMeetingsBooked(db, user.id),
      };
    },

    /** Stops a running campaign after the mail in flight; nothing is lost, resuming goes on where it stopped. */
    async pause(user: UserRow, rawId: string): Promise<Campaign> {
      const campaign = await owned(user, rawId);
      if (campaign.status !== 'running') throw AppError.badRequest('Only a running campaign can be paused');
      const paused = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(campaigns)
          .set({ status: 'paused', waitingReason: 'Paused by you' })
          .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'running')))
          .returning();
        if (row) await emitCampaignEvents(webhookEvents, tx, 'campaign.paused', [row.id], OWNER_PAUSE_REASON);
        return row;
      });
      if (paused)
        events({ event: 'campaign.paused', campaignId: campaign.id, userId: user.id, reason: OWNER_PAUSE_REASON });
      return withCounts(user, paused ?? campaign);
    },

    /**
     * Starts a paused campaign again (after a pause, or once the mailbox is reconnected). One a brake paused needs
     * the user's confirmation; its brake window then starts over, so the mails before no longer count.
     */
    async resume(user: UserRow, rawId: string, request: ResumeCampaignRequest = {}): Promise<Campaign> {
      const campaign = await owned(user, rawId);
      if (campaign.status !== 'paused') throw AppError.badRequest('Only a paused campaign can be resumed');
      if (campaign.brake && !request.confirm) {
        throw AppError.conflict(
          `${campaign.waitingReason ?? 'This campaign was paused automatically.'} Resume anyway?`,
        );
      }
      await mailboxReady(user, campaign);
      const running = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(campaigns)
          .set({
            status: 'running',
            waitingReason: null,
            errorMessage: null,
            ...(campaign.brake && { brake: null, brakeWindowFrom: clock.now() }),
          })
          .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'paused')))
          .returning();
        if (row) await emitCampaignEvents(webhookEvents, tx, 'campaign.started', [row.id]);
        return row;
      });
      if (running) events({ event: 'campaign.resumed', campaignId: campaign.id, userId: user.id });
      await enqueueSend(campaign.id);
      return withCounts(user, running ?? campaign);
    },

    /**
     * Gives every running campaign that lost its sender (a worker killed mid-run) a new run. Every minute, a
     * campaign counts as lost when no sender was seen for the staleness period and no run is due later (a live
     * run beats more often than that; one handed back says when it is due). When a worker starts (`quietMs` 0), it
     * takes every running campaign not due later: a worker restarted after a crash goes on at once, and a run that
     * was still alive elsewhere only gains a companion, which the row claims and the shared pace make harmless.
     * Answers how many were resumed.
     */
    async resumeStalled(options: { quietMs?: number } = {}): Promise<number> {
      const now = clock.now();
      const quietSince = new Date(now.getTime() - (options.quietMs ?? staleSenderMs));
      const dueLongAgo = new Date(now.getTime() - staleSenderMs);
      const stalled = await db
        .update(campaigns)
        .set({ senderDueAt: now })
        .where(
          and(
            eq(campaigns.status, 'running'),
            sql`coalesce(${campaigns.senderSeenAt}, ${campaigns.createdAt}) <= ${quietSince.toISOString()}::timestamptz`,
            sql`(${campaigns.senderDueAt} IS NULL OR ${campaigns.senderDueAt} < ${dueLongAgo.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: campaigns.id });
      for (const { id } of stalled) await enqueueSend(id);
      return stalled.length;
    },

    /**
     * A new run for each of these campaigns still running (their last open mails, which a dead sender left, were
     * just settled): the run says the campaign is over now, not when its job comes back. Answers how many.
     */
    async runAgain(campaignIds: number[]): Promise<number> {
      if (campaignIds.length === 0) return 0;
      const running = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(inArray(campaigns.id, campaignIds), eq(campaigns.status, 'running')));
      for (const { id } of running) await enqueueSend(id);
      return running.length;
    },

    /**
     * Sends again, on the user's word, the mails whose outcome is unknown (the sender stopped mid-send). Some of
     * those leads may get the mail twice: that is the choice the user makes here.
     */
    async resendUnknown(user: UserRow, rawId: string): Promise<Campaign> {
      const campaign = await owned(user, rawId);
      await mailboxReady(user, campaign);
      const requeued = await db
        .update(campaignRecipients)
        .set({ state: 'pending', claimedAt: null, nextAttemptAt: null, lastError: null })
        .where(and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.state, 'unknown')))
        .returning({ id: campaignRecipients.id });
      if (requeued.length === 0) throw AppError.badRequest('This campaign has no emails with an unknown outcome');
      const running = await db.transaction(async (tx) => {
        const reopened = (status: Array<CampaignRow['status']>) =>
          tx
            .update(campaigns)
            .set({ status: 'running', finishedAt: null, errorMessage: null })
            .where(and(eq(campaigns.id, campaign.id), inArray(campaigns.status, status)))
            .returning();
        // A campaign that was over starts again; one still running only goes on.
        const [restarted] = await reopened(['completed', 'failed']);
        if (restarted) await emitCampaignEvents(webhookEvents, tx, 'campaign.started', [restarted.id]);
        return restarted ?? (await reopened(['running']))[0];
      });
      await enqueueSend(campaign.id);
      return withCounts(user, running ?? campaign);
    },
  };
}
