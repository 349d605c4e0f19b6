import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { isInSendingWindow, nextSendingTime } from '../../../contract/sending-window';
import type { StockTip } from '../../../contract/stock-tips';
import type { Database } from '../../db/client';
import {
  type CampaignRecipientRow,
  type CampaignRow,
  campaignRecipients,
  campaignSteps,
  campaigns,
  type EmailAccountRow,
  emailAccounts,
  type LeadRow,
  leads,
  type StepVariant,
  type TemplateRow,
  templates,
  type UserRow,
  users,
} from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { LinkTokens } from '../../lib/link-tokens';
import { blockAnswer } from '../../mail/block-answer';
import { type OutgoingMail, TransportError } from '../../mail/transport';
import { automaticStatusChange } from '../leads/lead-status';
import { type MailDomainCheck, NO_MAIL_SERVER } from '../leads/mail-domain-check';
import { replySubject } from '../responses/reply-mail';
import {
  DailyLimitError,
  NoSendingAccountError,
  type Reservation,
  rotatingReservationCte,
  type SendAllowance,
} from '../sending/send-allowance';
import type { SenderConnection, TransportRegistry } from '../sending/transport-registry';
import { currentStockTip } from '../stock-tips/current-stock-tip';
import { EmailTooLargeError } from '../templates/render-email';
import { mailLinks } from '../tracking/mail-links';
import { sendingWindowOf } from '../users/sending-window';
import { campaignAccountIds } from './campaign-accounts';
import type { CampaignBrakes } from './campaign-brakes';
import { composeCampaignMail } from './campaign-mail';
import { campaignMessageId } from './message-id';

/** Tries per mail for answers that may pass (4xx, 421, 429), and the waits between them: about an hour in all. */
export const MAX_ATTEMPTS = 5;
const RETRY_DELAYS_SECONDS = [60, 300, 900, 1800];
/** A row still `sending` this long after it was claimed belongs to a sender that stopped mid-send. */
export const STALE_SENDING_MS = 5 * 60_000;
/**
 * Mails one run of a campaign has in flight at once: two per connection of the SMTP pool (SmtpTransport keeps
 * two), so that while a mail is on the wire the next one is already claimed and composed, waiting for the
 * connection, which then never waits for the database. A crash may leave these rows unknown, no more.
 */
export const SEND_CONCURRENCY = 4;

/** The campaign has mails to retry later and nothing to send now; its job comes back after the wait. */
export class CampaignWaitingError extends DomainError {
  readonly code = 'campaign_waiting';
}

/** The user's local ISO week, e.g. "2026-W48": SPEC §9's "same week" for duplicate sends. */
export function localWeek(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toFormat("kkkk-'W'WW");
}

/** The step's version a lead gets: the template, or one of its variants (another subject and body). */
function versionOf(template: TemplateRow, variants: StepVariant[], variant: number): TemplateRow {
  const chosen = variant > 0 ? variants[variant - 1] : undefined;
  return chosen ? { ...template, subject: chosen.subject, body: chosen.body } : template;
}

/** Waits `ms`, or less if `signal` aborts (the worker is stopping). */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

const systemSleep: Sleep = (ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined);

/** A row this sender committed as `sending`, with its lead. */
type Claimed = { row: CampaignRecipientRow; lead: LeadRow | null };

/**
 * A mail its mailbox accepted, to be committed `sent`: by the statement that reserves the loop's next mail
 * (decision 0049), or on its own where no reservation follows.
 */
type Delivered = {
  row: CampaignRecipientRow;
  messageId: string;
  subject: string | null;
  weekNumber: number | null;
  sentAt: Date;
};

/** What one step of the campaign sends (a single-mail campaign has step 1 only). */
type RunStep = { template: TemplateRow | null; sameThread: boolean; variants: StepVariant[] };

type RunContext = {
  campaign: CampaignRow;
  user: UserRow;
  steps: Map<number, RunStep>;
  /** The user's stock tip, read once per run when a step's template includes it. */
  stockTip: StockTip | null;
  /** The run's mails between their claim and their outcome. */
  inFlight: { mails: number };
  /** The run's last reservation: its loops take theirs one after another, so they wake in the order of their slots. */
  lastReservation: Promise<unknown>;
  /**
   * The bounce being settled and weighed by the brake: no loop claims another row until it is, so a brake that
   * trips stops the run after the mails already in flight, not after whatever the other loops sent meanwhile.
   */
  bounceSettling: Promise<unknown>;
};

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
  publicUrl: string;
  mailDomains: MailDomainCheck;
  brakes: CampaignBrakes;
  staleSendingMs?: number;
  sleep?: Sleep;
}) {
  const { db, clock, allowance, transports, linkTokens, publicUrl, mailDomains, brakes } = deps;
  const { claimQuery, reserveAndClaimQuery, settleSentQuery } = preparedStatements(db);
  const staleSendingMs = deps.staleSendingMs ?? STALE_SENDING_MS;
  const sleep = deps.sleep ?? systemSleep;
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

  const updateCampaign = (campaignId: number, changes: Partial<CampaignRow>) =>
    db.update(campaigns).set(changes).where(eq(campaigns.id, campaignId));

  /**
   * Rows a stopped sender left `sending`: the mail may or may not have gone. Where the mailbox can be searched
   * (Graph, Gmail), its Sent folder says which; otherwise the row is `unknown` and never sent blindly.
   */
  async function settleAbandoned(campaign: CampaignRow, user: UserRow) {
    const stale = await db
      .select({ row: campaignRecipients, account: emailAccounts })
      .from(campaignRecipients)
      .leftJoin(emailAccounts, eq(emailAccounts.id, campaignRecipients.accountId))
      .where(
        and(
          eq(campaignRecipients.campaignId, campaign.id),
          eq(campaignRecipients.state, 'sending'),
          sql`${campaignRecipients.claimedAt} < ${new Date(clock.now().getTime() - staleSendingMs).toISOString()}::timestamptz`,
        ),
      );
    for (const { row, account } of stale) {
      const found = account ? await transports.findSent(account, campaignMessageId(row, account.email)) : null;
      if (found === true) {
        await settleSent(delivered(row, account as EmailAccountRow, row), user);
      } else if (found === false) {
        await settle(row, { state: 'pending', claimedAt: null, lastError: 'Not in the Sent folder: it goes again.' });
      } else {
        await settle(row, {
          state: 'unknown',
          lastError: 'The sender stopped while this email was being sent: it may or may not have gone out.',
        });
      }
    }
  }

  /** The parameters that commit a delivered mail as `sent` (the settling part of the reservation, or alone). */
  const sentParameters = (delivered: Delivered, user: Pick<UserRow, 'timezone'>) => ({
    settleId: delivered.row.id,
    messageId: delivered.messageId,
    subject: delivered.subject,
    sentAt: delivered.sentAt.toISOString(),
    sentWeek: localWeek(delivered.sentAt, user.timezone),
    weekNumber: delivered.weekNumber,
  });
  const NOTHING_TO_SETTLE = {
    settleId: null,
    messageId: null,
    subject: null,
    sentAt: null,
    sentWeek: null,
    weekNumber: null,
  };

  const settleSent = (delivered: Delivered, user: Pick<UserRow, 'timezone'>) =>
    settleSentQuery.execute(sentParameters(delivered, user));

  /** A mail its mailbox accepted just now. */
  const delivered = (
    row: CampaignRecipientRow,
    account: EmailAccountRow,
    mail: { subject: string | null; weekNumber: number | null },
  ): Delivered => ({
    row,
    messageId: campaignMessageId(row, account.email),
    subject: mail.subject,
    weekNumber: mail.weekNumber,
    sentAt: clock.now(),
  });

  /** Hands the campaign back to the job queue for later, noting when it is due (so it is not taken for dead). */
  async function handBack(campaignId: number, error: DomainError): Promise<never> {
    const seconds = error.retryAfterSeconds ?? 60;
    await updateCampaign(campaignId, { senderDueAt: new Date(clock.now().getTime() + seconds * 1000) });
    throw error;
  }

  async function finish(campaign: CampaignRow) {
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
    // A sequence goes on while leads may still get a next step: the sequence advance decides when it is over.
    if (campaign.cadence !== null) return;
    const everyMailFailed = counts.failed > 0 && counts.sent === 0 && counts.unknown === 0;
    await db
      .update(campaigns)
      .set({
        status: everyMailFailed ? 'failed' : 'completed',
        errorMessage: everyMailFailed ? `Every email failed. The last error: ${counts.lastError}` : null,
        waitingReason: null,
        finishedAt: clock.now(),
      })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'running')));
  }

  /** Pauses a running campaign; one stopped meanwhile (by another mail, or the user) keeps its reason. */
  const pause = (campaignId: number, message: string) =>
    db
      .update(campaigns)
      .set({ status: 'paused', errorMessage: message, waitingReason: null })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'running')));

  /** Why a claim found no row: the campaign stopped (paused, its template deleted), or nothing is due now. */
  async function noRowLeft(campaignId: number): Promise<'done' | 'stop'> {
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (campaign?.status !== 'running') return 'stop';
    if (campaign.templateId === null) {
      await pause(campaignId, 'Sending stopped: the template was deleted.');
      return 'stop';
    }
    return 'done';
  }

  /** A mailbox that refuses the sign-in stops every running campaign sending through it, not only this one. */
  const pauseEveryCampaignOf = (account: EmailAccountRow, message: string) =>
    db
      .update(campaigns)
      .set({ status: 'paused', errorMessage: message, waitingReason: null })
      .where(
        and(
          eq(campaigns.userId, account.userId),
          eq(campaigns.status, 'running'),
          sql`(${campaigns.accountId} = ${account.id} OR ${account.id} = ANY(${campaigns.accountIds}))`,
        ),
      );

  async function pendingCount(campaignId: number): Promise<number> {
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, 'pending')));
    return count;
  }

  /**
   * Takes a mailbox, a place in its day and its pace slot for the next mail. A slot that is due at once comes with
   * the claim of the campaign's next row, in the same statement (`claimed`: the row, or null when none is left to
   * send now); otherwise this waits for the slot, and the row is claimed after. `settling`, the loop's last mail,
   * is committed `sent` by the same statement, whatever it finds (decision 0049).
   */
  async function reserveSend(
    context: RunContext,
    settling: Delivered | null,
  ): Promise<{
    account: EmailAccountRow;
    connection?: SenderConnection;
    reservation: Reservation;
    claimed?: Claimed | null;
  }> {
    const { campaign, user } = context;
    const claimingStatement = {
      execute: (parameters: Parameters<typeof reserveAndClaimQuery.execute>[0]) =>
        reserveAndClaimQuery.execute({
          ...parameters,
          ...(settling ? sentParameters(settling, user) : NOTHING_TO_SETTLE),
          campaignId: campaign.id,
        }),
    };
    try {
      const taken = context.lastReservation
        // No row is claimed while a bounce is being settled and weighed.
        .then(() => context.bounceSettling)
        .then(() => allowance.reserveRotating(user, campaignAccountIds(campaign), claimingStatement));
      context.lastReservation = taken.catch(() => undefined);
      const { account, connection, reservation, sendAt, takenAt, extra } = await taken;
      if (sendAt.getTime() <= takenAt.getTime()) {
        const claimed = extra.claimed && { row: extra.claimed, lead: extra.leads };
        return { account, connection, reservation, claimed };
      }
      const wait = sendAt.getTime() - clock.now().getTime();
      if (wait <= 0) return { account, connection, reservation };
      // After a wait the connection is read again at the send: its tokens may have been refreshed meanwhile.
      await sleep(wait, stopping.signal);
      return { account, reservation };
    } catch (error) {
      if (error instanceof DailyLimitError) {
        const left = await pendingCount(campaign.id);
        const resumes = DateTime.fromJSDate(error.resumesAt, { zone: user.timezone }).toFormat('HH:mm');
        // Only while running: a campaign paused meanwhile keeps saying why it is paused.
        await db
          .update(campaigns)
          .set({
            waitingReason: `Daily limit reached on ${error.emails.join(', ')}: resumes at ${resumes} (${user.timezone}), ${left} left`,
          })
          .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'running')));
        return handBack(campaign.id, error);
      }
      throw error;
    }
  }

  /** The campaign's steps with their templates, read once per run (step 1 is the campaign's own template). */
  async function stepsOf(campaign: CampaignRow): Promise<Map<number, RunStep>> {
    const steps = new Map<number, RunStep>();
    const [own] = campaign.templateId
      ? await db.select().from(templates).where(eq(templates.id, campaign.templateId))
      : [];
    steps.set(1, { template: own ?? null, sameThread: false, variants: [] });
    if (campaign.cadence === null) return steps;
    const rows = await db
      .select({ step: campaignSteps, template: templates })
      .from(campaignSteps)
      .leftJoin(templates, eq(templates.id, campaignSteps.templateId))
      .where(eq(campaignSteps.campaignId, campaign.id));
    for (const { step, template } of rows) {
      steps.set(step.position, {
        template: step.position === 1 ? (own ?? null) : template,
        sameThread: step.sameThread,
        variants: step.variants,
      });
    }
    return steps;
  }

  /** A step sent as a reply to the previous one: "Re: " its subject, in its thread. */
  async function continueThread(mail: OutgoingMail, row: CampaignRecipientRow) {
    const [previous] = await db
      .select({ subject: campaignRecipients.subject, messageId: campaignRecipients.messageId })
      .from(campaignRecipients)
      .where(
        and(
          eq(campaignRecipients.campaignId, row.campaignId ?? 0),
          eq(campaignRecipients.leadId, row.leadId ?? 0),
          eq(campaignRecipients.step, row.step - 1),
          eq(campaignRecipients.state, 'sent'),
        ),
      );
    if (!previous?.messageId || !previous.subject) return;
    mail.subject = replySubject(previous.subject);
    mail.headers = { ...mail.headers, 'In-Reply-To': previous.messageId, References: previous.messageId };
  }

  /**
   * Sends one claimed row. A mail its mailbox accepted comes back `Delivered`, for the loop to commit `sent`; any
   * other outcome is settled here ('settled'); 'stop' when the campaign cannot go on (its mailbox refused the sign-in).
   */
  async function sendRow(
    row: CampaignRecipientRow,
    lead: LeadRow | null,
    { account, connection, reservation }: Awaited<ReturnType<typeof reserveSend>>,
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
      await settle(row, { state: 'skipped', lastError: `${NO_MAIL_SERVER}: not sent.` });
      return 'settled';
    }
    let mail: OutgoingMail;
    try {
      mail = composeCampaignMail({
        recipient: row,
        lead,
        user,
        account,
        template: versionOf(template, step.variants, row.variant),
        links: mailLinks({ linkTokens, publicUrl, recipientId: row.id, trackingEnabled: campaign.trackingEnabled }),
        stockTip: context.stockTip,
      });
    } catch (error) {
      // This lead's mail cannot be made; the others can.
      if (!(error instanceof EmailTooLargeError)) throw error;
      await allowance.release(reservation);
      await settle(row, { state: 'failed', lastError: error.message });
      return 'settled';
    }
    if (step.sameThread) await continueThread(mail, row);
    try {
      await transports.send(account, mail, connection);
    } catch (error) {
      if (!(error instanceof TransportError) || error.kind === 'uncertain') {
        // The mail may have left before this failed. The Sent folder may tell (Graph, Gmail); a copy not there
        // yet may still be on its way, so the row waits for the check of abandoned rows. Where nothing can tell,
        // it is unknown rather than risk a second copy.
        const found = await transports.findSent(account, mail.messageId).catch(() => null);
        if (found === true)
          await settleSent(delivered(row, account, { ...mail, weekNumber: template.weekNumber }), user);
        else if (found === null) {
          await settle(row, { state: 'unknown', lastError: error instanceof Error ? error.message : String(error) });
        }
        if (!(error instanceof TransportError)) throw error;
        return 'settled';
      }
      await allowance.release(reservation);
      if (error.kind === 'auth') {
        await unclaim(row);
        await pauseEveryCampaignOf(
          account,
          `Sending stopped: ${account.email} refused the sign-in (${error.message}). Reconnect the mailbox on the Email Accounts page, then resume the campaign.`,
        );
        return 'stop';
      }
      // The provider refuses the mailbox itself: not the lead's fault, the mail waits and the campaign pauses (first,
      // so that no other loop claims the row again before the pause).
      const blocked = blockAnswer(error.message);
      if (blocked) {
        await brakes.blocked(campaign.id, blocked);
        await unclaim(row);
        return 'stop';
      }
      if (error.kind === 'permanent') {
        // 5.1.x: no such mailbox. The lead is bounced and never mailed again; the bounce brake counts it.
        const bounced = /\b5\.1\.\d+\b/.test(error.message);
        if (!bounced) {
          await settle(row, { state: 'failed', lastError: error.message });
          return 'settled';
        }
        const settling = (async () => {
          await settle(row, { state: 'failed', lastError: error.message, bouncedAt: clock.now() });
          await db
            .update(leads)
            .set(automaticStatusChange('bounced', `The mailbox does not exist: ${error.message}`))
            .where(eq(leads.id, lead.id));
          return brakes.mailBounced(campaign.id);
        })();
        context.bounceSettling = settling.catch(() => undefined);
        return (await settling) ? 'stop' : 'settled';
      }
      if (row.attempts >= MAX_ATTEMPTS) {
        await settle(row, { state: 'failed', lastError: `Gave up after ${row.attempts} tries: ${error.message}` });
        return 'settled';
      }
      const retryIn = Math.max(
        error.retryAfterSeconds ?? 0,
        RETRY_DELAYS_SECONDS[row.attempts - 1] ?? RETRY_DELAYS_SECONDS.at(-1),
      );
      await settle(row, {
        state: 'pending',
        lastError: error.message,
        claimedAt: null,
        nextAttemptAt: new Date(clock.now().getTime() + retryIn * 1000),
      });
      return 'settled';
    }
    return delivered(row, account, { subject: mail.subject, weekNumber: template.weekNumber });
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
          return noRowLeft(campaignId);
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
      await settleAbandoned(campaign, user);
      if (campaign.status !== 'running') return;
      const steps = await stepsOf(campaign);
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
      await finish(campaign);
    },

    /** Graceful shutdown: every run finishes the mails in flight, takes no other, and hands its campaign back. */
    stop() {
      stopping.abort();
    },
  };
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;

/** The statements every mail runs, prepared once. */
function preparedStatements(db: Database) {
  /** Commits the `sending` row `settleId` as `sent`, with what the mailbox accepted. */
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
        lastError: null,
      })
      .where(and(eq(campaignRecipients.id, sql.placeholder('settleId')), eq(campaignRecipients.state, 'sending')));
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
    .prepare('campaign_reserve_and_claim');
  const settleSentQuery = settleSentUpdate().prepare('campaign_settle_sent');
  return { claimQuery, reserveAndClaimQuery, settleSentQuery };
}
