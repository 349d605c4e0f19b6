import { setTimeout as delay } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { isInSendingWindow, nextSendingTime } from '../../../../contract/sending-window';
import type { BounceAddresses } from '../../../adapters/mail/bounce-address';
import type { OutgoingMail } from '../../../adapters/mail/transport';
import type { Database } from '../../../db/client';
import {
  type CampaignRecipientRow,
  campaignRecipients,
  campaigns,
  type EmailAccountRow,
  type LeadRow,
  users,
} from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import { DomainError } from '../../../lib/domain-error';
import type { LinkTokens } from '../../../lib/link-tokens';
import type { OperatorLog } from '../../../lib/operator-log';
import type { MailDomainCheck } from '../../leads/mail-domain-check';
import { DailyLimitError, NoSendingAccountError, type SendAllowance } from '../../sending/send-allowance';
import type { TransportRegistry } from '../../sending/transport-registry';
import { createMessageIds } from '../../shared/message-id';
import { sendingWindowOf } from '../../shared/sending-window';
import { currentStockTip } from '../../stock-tips/current-stock-tip';
import { EmailTooLargeError } from '../../templates/render-email';
import { mailLinks } from '../../tracking/mail-links';
import type { WebhookEmitter } from '../../webhooks/webhook-emitter';
import { campaignAccountIds } from '../campaign-accounts';
import { createStaleSettlement } from './abandoned';
import type { CampaignBrakes } from './brakes';
import { composeCampaignMail } from './compose-mail';
import { createSendFailures } from './outcome';
import { type Delivered, prepareCampaignStatements } from './reservation';
import type { Claimed, ReservedSend, RunContext } from './run-context';
import { CampaignWaitingError, createCampaignRunStatus } from './run-status';
import { createSentSettlement } from './sent-settlement';
import { continueThread, stepsOf, versionOf } from './steps';
import { NO_MAIL_SERVER_SKIP, skipUnreachableDomains } from './unreachable-domains';

export { MAX_ATTEMPTS } from './outcome';
export { CampaignWaitingError } from './run-status';
/** A row still `sending` this long after it was claimed belongs to a sender that stopped mid-send. */
export const STALE_SENDING_MS = 5 * 60_000;
/**
 * Mails one run of a campaign has in flight at once: two per connection of the SMTP pool (SmtpTransport keeps
 * two), so that while a mail is on the wire the next one is already claimed and composed, waiting for the
 * connection, which then never waits for the database. A crash may leave these rows unknown, no more.
 */
export const SEND_CONCURRENCY = 4;

/** Waits `ms`, or less if `signal` aborts (the worker is stopping). */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

const systemSleep: Sleep = (ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined);

/**
 * The campaign engine: moves one campaign's recipient rows along. The row is the truth: a mail goes out only from
 * a row this sender committed as `sending` (claimed with SKIP LOCKED, so any number of processes can run it), and
 * the row is committed `sent` right after the mailbox accepts the mail. Each mail takes its mailbox, its place in
 * the daily limit and its pace slot first (send-allowance.ts), waits for the slot, and only then claims a row, so
 * a crash while waiting leaves nothing half done.
 */
export function createCampaignSender(deps: {
  db: Database;
  clock: Clock;
  allowance: SendAllowance;
  transports: TransportRegistry;
  linkTokens: LinkTokens;
  /** Signs each mail's return path, so its reports are known to be about it (decision 0058). */
  bounceAddresses: BounceAddresses;
  publicUrl: string;
  mailDomains: MailDomainCheck;
  brakes: CampaignBrakes;
  /** Sent mails and the campaign's pauses and end are told to the user's webhooks, with the change. */
  webhookEvents: WebhookEmitter;
  staleSendingMs?: number;
  sleep?: Sleep;
  events?: OperatorLog;
}) {
  const { db, clock, allowance, transports, linkTokens, publicUrl, mailDomains, brakes, webhookEvents } = deps;
  const { claimQuery, reserveAndClaim } = prepareCampaignStatements(db, allowance);
  const settleSent = createSentSettlement({ db, webhookEvents });
  const staleSendingMs = deps.staleSendingMs ?? STALE_SENDING_MS;
  const sleep = deps.sleep ?? systemSleep;
  const messageIds = createMessageIds(linkTokens);
  const staleMails = createStaleSettlement({ db, clock, transports, staleSendingMs, settleSent, messageIds });
  const status = createCampaignRunStatus({ db, clock, staleSendingMs, webhookEvents, events: deps.events });
  const { updateCampaign, pause } = status;
  // A sign of life at least three times per staleness period, so a live sender never looks dead.
  const heartbeatMs = Math.min(15_000, staleSendingMs / 3);
  const stopping = new AbortController();

  async function claimNext(campaignId: number, account: EmailAccountRow): Promise<Claimed | null> {
    const now = clock.now().toISOString();
    const [found] = await claimQuery.execute({ now, accountId: account.id, campaignId });
    return found ? { row: found.claimed, lead: found.leads } : null;
  }

  /** Puts a claimed row back as it was, for a mail that never left (a paused campaign, a refused sign-in). */
  const unclaim = (row: CampaignRecipientRow) =>
    db
      .update(campaignRecipients)
      .set({ state: 'pending', attempts: row.attempts - 1, claimedAt: null })
      .where(and(eq(campaignRecipients.id, row.id), eq(campaignRecipients.state, 'sending')));

  const settle = (row: CampaignRecipientRow, changes: Partial<CampaignRecipientRow>) =>
    db
      .update(campaignRecipients)
      .set(changes)
      .where(and(eq(campaignRecipients.id, row.id), eq(campaignRecipients.state, 'sending')));

  /** A mail its mailbox accepted just now. */
  const delivered = (
    row: CampaignRecipientRow,
    account: EmailAccountRow,
    mail: { subject: string | null; weekNumber: number | null; linkHosts: string[] | null },
  ): Delivered => ({
    row,
    messageId: messageIds.campaign(row, account.email),
    subject: mail.subject,
    weekNumber: mail.weekNumber,
    linkHosts: mail.linkHosts,
    sentAt: clock.now(),
  });
  const afterFailedSend = createSendFailures({
    db,
    clock,
    allowance,
    transports,
    brakes,
    status,
    settle,
    unclaim,
    webhookEvents,
    events: deps.events,
    settleDelivered: ({ row, account, mail, weekNumber, linkHosts, context }) =>
      settleSent(delivered(row, account, { ...mail, weekNumber, linkHosts: linkHosts() }), context.user),
  });

  /**
   * The reservation statement, and the settlement of `settling` it left to do: the statement settles a mail only
   * when no webhook hears of it (reservation.ts); whatever it found (a reservation, no mailbox, a daily limit),
   * that mail is then committed `sent` with its event before anything else.
   */
  async function reserveAndSettle(...[user, accountIds, campaignId, settling]: Parameters<typeof reserveAndClaim>) {
    let reserved: Awaited<ReturnType<typeof reserveAndClaim>>;
    try {
      reserved = await reserveAndClaim(user, accountIds, campaignId, settling);
    } catch (error) {
      // A failed statement settled nothing; the send loop's end settles it then, if this cannot.
      if (settling) await settleSent(settling, user).catch(() => undefined);
      throw error;
    }
    if (settling && !reserved.settled) await settleSent(settling, user);
    return reserved;
  }

  /**
   * Takes a mailbox, a place in its day and its pace slot for the next mail. A slot that is due at once comes with
   * the claim of the campaign's next row, in the same statement (`claimed`: the row, or null when none is left to
   * send now); otherwise this waits for the slot, and the row is claimed after. `settling`, the loop's last mail,
   * is committed `sent` by the same statement, whatever it finds (decision 0049). At the daily limit the campaign
   * waits for midnight (this throws), unless it has nothing left to send: then null.
   */
  async function reserveSend(context: RunContext, settling: Delivered | null): Promise<ReservedSend | null> {
    const { campaign, user } = context;
    try {
      const taken = context.lastReservation
        // No row is claimed while a bounce is being settled and weighed.
        .then(() => context.bounceSettling)
        .then(() => reserveAndSettle(user, campaignAccountIds(campaign), campaign.id, settling));
      context.lastReservation = taken.catch(() => undefined);
      const { account, connection, reservation, sendAt, takenAt, claimed } = await taken;
      if (sendAt.getTime() <= takenAt.getTime()) return { account, connection, reservation, claimed };
      const wait = sendAt.getTime() - clock.now().getTime();
      if (wait <= 0) return { account, connection, reservation };
      // After a wait the connection is read again at the send: its tokens may have been refreshed meanwhile.
      await sleep(wait, stopping.signal);
      return { account, reservation };
    } catch (error) {
      if (error instanceof DailyLimitError) {
        await status.atDailyLimit(campaign, user, error);
        return null;
      }
      throw error;
    }
  }

  /**
   * Sends one claimed row. A mail its mailbox accepted comes back `Delivered`, for the loop to commit `sent`; any
   * other outcome is settled here ('settled'); 'stop' when the campaign cannot go on (its mailbox refused the sign-in).
   */
  async function sendRow(
    row: CampaignRecipientRow,
    lead: LeadRow | null,
    { account, connection, reservation }: ReservedSend,
    context: RunContext,
  ): Promise<Delivered | 'settled' | 'stop'> {
    const { campaign, user } = context;
    const step = context.steps.get(row.step);
    if (lead?.status !== 'active' || !step?.template) {
      await allowance.release(reservation);
      const why = step?.template
        ? `The lead is ${lead?.status ?? 'deleted'}`
        : `The template of step ${row.step} was deleted`;
      await settle(row, { state: 'skipped', lastError: `${why}: not sent.` });
      return 'settled';
    }
    const { template } = step;
    // A later step goes inside the user's sending window only; one held back past it (a daily limit) waits.
    const now = clock.now();
    if (row.step > 1 && !isInSendingWindow(now, sendingWindowOf(user), user.timezone)) {
      await allowance.release(reservation);
      await settle(row, {
        state: 'pending',
        attempts: row.attempts - 1,
        claimedAt: null,
        nextAttemptAt: nextSendingTime(now, sendingWindowOf(user), user.timezone),
      });
      return 'settled';
    }
    if (await mailDomains.bouncesUnreachable(lead, account.email)) {
      await allowance.release(reservation);
      await settle(row, { state: 'skipped', lastError: NO_MAIL_SERVER_SKIP });
      return 'settled';
    }
    // Its click links age from now, and lead only to the hosts they carry (decision 0059).
    const links = mailLinks({
      linkTokens,
      publicUrl,
      recipientId: row.id,
      trackingEnabled: campaign.trackingEnabled,
      issuedAt: now,
    });
    const linkHosts = () => links.tracking?.linkHosts() ?? null;
    let mail: OutgoingMail;
    try {
      mail = composeCampaignMail({
        recipient: row,
        lead,
        user,
        account,
        template: versionOf(template, step.variants, row.variant),
        links,
        stockTip: context.stockTip,
        messageId: messageIds.campaign(row, account.email),
        returnPath: deps.bounceAddresses.returnPath(account.email, row.id),
      });
    } catch (error) {
      // This lead's mail cannot be made; the others can.
      if (!(error instanceof EmailTooLargeError)) throw error;
      await allowance.release(reservation);
      await settle(row, { state: 'failed', lastError: error.message });
      return 'settled';
    }
    if (step.sameThread) await continueThread(db, mail, row);
    try {
      await transports.send(account, mail, connection);
    } catch (error) {
      const failed = { row, lead, account, reservation, mail, weekNumber: template.weekNumber, linkHosts, context };
      return afterFailedSend(error, failed);
    }
    return delivered(row, account, { subject: mail.subject, weekNumber: template.weekNumber, linkHosts: linkHosts() });
  }

  /**
   * One of the run's send loops: mails until nothing is left to send now, or the campaign stops. A mail its mailbox
   * accepted is committed `sent` by the statement that reserves the next one (decision 0049): one statement and one
   * commit per mail fewer, and the row is still never claimed again, since only a `sending` row is settled.
   */
  async function sendLoop(
    campaignId: number,
    context: RunContext,
    afterMail: () => Promise<void>,
  ): Promise<'done' | 'stop'> {
    let settling: Delivered | null = null;
    try {
      for (;;) {
        // Shutting down: take no new row; the job comes back on a worker that stays.
        if (stopping.signal.aborted) throw new CampaignWaitingError('The worker is stopping', 1);
        let reserved: Awaited<ReturnType<typeof reserveSend>>;
        try {
          // The statement runs whatever it finds (no mailbox, a daily limit): `settling` is committed either way.
          reserved = await reserveSend(context, settling);
          settling = null;
        } catch (error) {
          if (!(error instanceof NoSendingAccountError)) throw error;
          // A mail still in flight tells why better (a refused sign-in pauses with the mailbox's own words).
          if (context.inFlight.mails > 0) return 'stop';
          await pause(
            campaignId,
            'Sending stopped: none of the campaign’s email accounts can send (disconnected, or needing attention). Fix them on the Email Accounts page, then resume the campaign.',
          );
          return 'stop';
        }
        // At the daily limit with nothing left to send: what is still open is settled by the end of the run.
        if (reserved === null) return status.noRowLeft(campaignId);
        const { account, reservation } = reserved;
        let { claimed } = reserved;
        if (claimed === undefined) {
          if (stopping.signal.aborted) {
            await allowance.release(reservation);
            throw new CampaignWaitingError('The worker is stopping', 1);
          }
          await context.bounceSettling;
          claimed = await claimNext(campaignId, account);
        }
        if (!claimed) {
          await allowance.release(reservation);
          return status.noRowLeft(campaignId);
        }
        context.inFlight.mails += 1;
        const outcome = await sendRow(claimed.row, claimed.lead, reserved, context).finally(() => {
          context.inFlight.mails -= 1;
        });
        if (outcome === 'stop') return 'stop';
        if (outcome !== 'settled') settling = outcome;
        await afterMail();
      }
    } catch (error) {
      // Whatever failed after a mail its mailbox accepted (reserving the next, the heartbeat, a shutdown), that mail
      // is committed `sent`, not left `sending` for the check of abandoned rows to call unknown. Only a `sending` row
      // is settled, so one the failed statement did commit stays as it is.
      if (settling) await settleSent(settling, context.user).catch(() => undefined);
      throw error;
    }
  }

  return {
    /**
     * Sends what the campaign has left to send now, SEND_CONCURRENCY mails at a time. Throws a waiting error
     * (daily limit, retries later) for the job to come back after the wait; returns when the campaign is finished,
     * paused or stopped.
     */
    async run(campaignId: number): Promise<void> {
      const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
      if (!campaign) return;
      // Read once per run: the template (with its files) does not change under a campaign; a deleted one sets
      // the campaign's templateId to null, which the loops' claims see.
      const [user] = await db.select().from(users).where(eq(users.id, campaign.userId));
      await staleMails.campaign(campaign.id);
      if (campaign.status !== 'running') return;
      const steps = await stepsOf(db, campaign);
      if (!steps.get(1)?.template) {
        await pause(campaignId, 'Sending stopped: the template was deleted.');
        return;
      }
      let lastBeat = 0;
      const beat = async () => {
        const now = clock.now();
        if (now.getTime() - lastBeat < heartbeatMs) return;
        lastBeat = now.getTime();
        await updateCampaign(campaignId, { senderSeenAt: now, senderDueAt: null });
      };
      await beat();
      // Mails that need no mailbox to settle are settled before the first one that does (unreachable-domains.ts).
      await skipUnreachableDomains({ db, mailDomains, campaign, beat, signal: stopping.signal });
      // Why the campaign waited (a daily limit) stops showing once a mail has gone.
      let waiting = campaign.waitingReason !== null;
      const afterMail = async () => {
        if (waiting) {
          waiting = false;
          await updateCampaign(campaignId, { waitingReason: null });
        }
        await beat();
      };
      const includesTip = [...steps.values()].some((step) => step.template?.includeStockTip);
      const stockTip = includesTip ? await currentStockTip(db, user.id) : null;
      const context = {
        campaign,
        user,
        steps,
        stockTip,
        inFlight: { mails: 0 },
        lastReservation: Promise.resolve(),
        bounceSettling: Promise.resolve(),
      };
      const outcomes = await Promise.allSettled(
        Array.from({ length: SEND_CONCURRENCY }, () => sendLoop(campaignId, context, afterMail)),
      );
      // One loop's waiting error (a daily limit) must not hide another's failure.
      const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      if (failures.length > 0) throw failures.find((reason) => !(reason instanceof DomainError)) ?? failures[0];
      if (outcomes.some((outcome) => outcome.status === 'fulfilled' && outcome.value === 'stop')) return;
      await status.finish(campaign);
    },

    /**
     * Settles the mails dead senders left `sending`, in every campaign, once they are stale: whatever the campaign
     * waits for (its daily limit, a pause), not when it next runs. Run each minute by `campaigns.resume-stalled`.
     */
    settleStale: () => staleMails.everywhere(),

    /** Graceful shutdown: every run finishes the mails in flight, takes no other, and hands its campaign back. */
    stop() {
      stopping.abort();
    },
  };
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;
