import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Database } from '../../db/client';
import {
  type CampaignRecipientRow,
  campaignRecipients,
  campaigns,
  emailAccounts,
  leads,
  templates,
  type UserRow,
  users,
} from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { LinkTokens } from '../../lib/link-tokens';
import { TransportError } from '../../mail/transport';
import { DailyLimitError, type SendAllowance } from '../sending/send-allowance';
import type { TransportRegistry } from '../sending/transport-registry';
import { composeCampaignMail } from './campaign-mail';

/** Tries per mail for answers that may pass (4xx, 421, 429), and the waits between them: about an hour in all. */
export const MAX_ATTEMPTS = 5;
const RETRY_DELAYS_SECONDS = [60, 300, 900, 1800];
/** A row still `sending` this long after it was claimed belongs to a sender that stopped mid-send. */
export const STALE_SENDING_MS = 5 * 60_000;

/** The campaign has mails to retry later and nothing to send now; its job comes back after the wait. */
export class CampaignWaitingError extends DomainError {
  readonly code = 'campaign_waiting';
}

/** The user's local ISO week, e.g. "2026-W48": SPEC §9's "same week" for duplicate sends. */
export function localWeek(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toFormat("kkkk-'W'WW");
}

/**
 * The campaign engine: moves one campaign's recipient rows along, one mail at a time. The row is the truth: a mail
 * goes out only from a row this sender committed as `sending` (claimed with SKIP LOCKED, so any number of
 * processes can run it), and the row is committed `sent` right after the mailbox accepts the mail.
 */
export function createCampaignSender(deps: {
  db: Database;
  clock: Clock;
  allowance: SendAllowance;
  transports: TransportRegistry;
  linkTokens: LinkTokens;
  publicUrl: string;
}) {
  const { db, clock, allowance, transports, linkTokens, publicUrl } = deps;

  async function claimNext(campaignId: number): Promise<CampaignRecipientRow | undefined> {
    const now = clock.now();
    const [row] = await db
      .update(campaignRecipients)
      .set({ state: 'sending', claimedAt: now, attempts: sql`${campaignRecipients.attempts} + 1` })
      .where(
        and(
          eq(campaignRecipients.state, 'pending'),
          eq(
            campaignRecipients.id,
            sql`(SELECT id FROM campaign_recipients WHERE campaign_id = ${campaignId} AND state = 'pending'
                 AND (next_attempt_at IS NULL OR next_attempt_at <= ${now.toISOString()}::timestamptz)
               ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
          ),
        ),
      )
      .returning();
    return row;
  }

  /** Puts a claimed row back as it was, for a mail that never left (a daily limit, a paused campaign). */
  const unclaim = (row: CampaignRecipientRow, changes: { nextAttemptAt?: Date } = {}) =>
    db
      .update(campaignRecipients)
      .set({ state: 'pending', attempts: row.attempts - 1, claimedAt: null, ...changes })
      .where(and(eq(campaignRecipients.id, row.id), eq(campaignRecipients.state, 'sending')));

  const settle = (row: CampaignRecipientRow, changes: Partial<CampaignRecipientRow>) =>
    db
      .update(campaignRecipients)
      .set(changes)
      .where(and(eq(campaignRecipients.id, row.id), eq(campaignRecipients.state, 'sending')));

  /** Rows a stopped sender left `sending`: the mail may or may not have gone, so they are never sent blindly. */
  async function settleAbandoned(campaignId: number) {
    await db
      .update(campaignRecipients)
      .set({
        state: 'unknown',
        lastError: 'The sender stopped while this email was being sent: it may or may not have gone out.',
      })
      .where(
        and(
          eq(campaignRecipients.campaignId, campaignId),
          eq(campaignRecipients.state, 'sending'),
          sql`${campaignRecipients.claimedAt} < ${new Date(clock.now().getTime() - STALE_SENDING_MS).toISOString()}::timestamptz`,
        ),
      );
  }

  async function finish(campaignId: number) {
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
        counts.oldestClaim ? new Date(counts.oldestClaim).getTime() + STALE_SENDING_MS : Number.POSITIVE_INFINITY,
      ];
      const due = Math.min(...dueTimes);
      const seconds = Number.isFinite(due) ? Math.ceil((due - clock.now().getTime()) / 1000) : 1;
      throw new CampaignWaitingError('Some emails wait to be sent or settled', Math.max(1, seconds));
    }
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

  async function pauseForAccount(campaignId: number, message: string) {
    await db
      .update(campaigns)
      .set({ status: 'paused', errorMessage: message, waitingReason: null })
      .where(eq(campaigns.id, campaignId));
  }

  async function sendRow(
    row: CampaignRecipientRow,
    context: {
      user: UserRow;
      account: typeof emailAccounts.$inferSelect;
      template: typeof templates.$inferSelect;
    },
  ): Promise<'sent' | 'stop'> {
    const { user, account, template } = context;
    const [lead] = await db.select().from(leads).where(eq(leads.id, row.leadId));
    if (lead?.status !== 'active') {
      await settle(row, { state: 'skipped', lastError: `The lead is ${lead?.status ?? 'deleted'}: not sent.` });
      return 'sent';
    }
    let reservation: Awaited<ReturnType<SendAllowance['reserve']>>;
    try {
      reservation = await allowance.reserve(user, account);
    } catch (error) {
      await unclaim(row);
      if (error instanceof DailyLimitError) {
        const left = await pendingCount(row.campaignId);
        const resumes = DateTime.fromJSDate(error.resumesAt, { zone: user.timezone }).toFormat('HH:mm');
        await db
          .update(campaigns)
          .set({
            waitingReason: `Daily limit reached on ${account.email}: resumes at ${resumes} (${user.timezone}), ${left} left`,
          })
          .where(eq(campaigns.id, row.campaignId));
      }
      throw error;
    }
    const mail = composeCampaignMail({
      recipient: row,
      lead,
      user,
      account,
      template,
      unsubscribeUrl: `${publicUrl}/u/${linkTokens.sign('unsubscribe', row.id)}`,
    });
    try {
      await transports.send(account, mail);
    } catch (error) {
      if (!(error instanceof TransportError)) {
        // The mail may have left before this failed: say so rather than risk a second copy.
        await settle(row, { state: 'unknown', lastError: error instanceof Error ? error.message : String(error) });
        throw error;
      }
      await allowance.release(reservation);
      if (error.kind === 'auth') {
        await unclaim(row);
        await pauseForAccount(
          row.campaignId,
          `Sending stopped: ${account.email} refused the sign-in (${error.message}). Reconnect the mailbox on the Email Accounts page, then resume the campaign.`,
        );
        return 'stop';
      }
      if (error.kind === 'permanent') {
        await settle(row, { state: 'failed', lastError: error.message });
        // 5.1.x: no such mailbox. The lead is bounced and never mailed again.
        if (/\b5\.1\.\d+\b/.test(error.message)) {
          await db.update(leads).set({ status: 'bounced' }).where(eq(leads.id, lead.id));
        }
        return 'sent';
      }
      if (row.attempts >= MAX_ATTEMPTS) {
        await settle(row, { state: 'failed', lastError: `Gave up after ${row.attempts} tries: ${error.message}` });
        return 'sent';
      }
      const delay = Math.max(
        error.retryAfterSeconds ?? 0,
        RETRY_DELAYS_SECONDS[row.attempts - 1] ?? RETRY_DELAYS_SECONDS.at(-1),
      );
      await settle(row, {
        state: 'pending',
        lastError: error.message,
        claimedAt: null,
        nextAttemptAt: new Date(clock.now().getTime() + delay * 1000),
      });
      return 'sent';
    }
    const sentAt = clock.now();
    await settle(row, {
      state: 'sent',
      messageId: mail.messageId,
      subject: mail.subject,
      sentAt,
      sentWeek: localWeek(sentAt, user.timezone),
      weekNumber: template.weekNumber,
      lastError: null,
    });
    return 'sent';
  }

  async function pendingCount(campaignId: number): Promise<number> {
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, 'pending')));
    return count;
  }

  let stopping = false;

  return {
    /**
     * Sends what the campaign has left to send now. Throws a waiting error (daily limit, retries later) for the
     * job to come back after the wait; returns when the campaign is finished, paused or stopped.
     */
    async run(campaignId: number): Promise<void> {
      await settleAbandoned(campaignId);
      const [started] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
      if (started?.status !== 'running') return;
      // Read once per run: the template (with its files) does not change under a campaign; a deleted one sets
      // the campaign's templateId to null, which the loop sees.
      const [user] = await db.select().from(users).where(eq(users.id, started.userId));
      const [template] = started.templateId
        ? await db.select().from(templates).where(eq(templates.id, started.templateId))
        : [];
      for (;;) {
        const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
        if (campaign?.status !== 'running') return;
        // The account is read each time: its status and limit may change while the campaign runs.
        const [account] = campaign.accountId
          ? await db.select().from(emailAccounts).where(eq(emailAccounts.id, campaign.accountId))
          : [];
        if (!account || !template || campaign.templateId === null) {
          await pauseForAccount(
            campaignId,
            !account
              ? 'Sending stopped: the email account was disconnected. Connect it again, then resume the campaign.'
              : 'Sending stopped: the template was deleted.',
          );
          return;
        }
        // Shutting down: take no new row; the job comes back on a worker that stays.
        if (stopping) throw new CampaignWaitingError('The worker is stopping', 1);
        const row = await claimNext(campaignId);
        if (!row) return finish(campaignId);
        if ((await sendRow(row, { user, account, template })) === 'stop') return;
        if (campaign.waitingReason) {
          await db.update(campaigns).set({ waitingReason: null }).where(eq(campaigns.id, campaignId));
        }
      }
    },

    /** Graceful shutdown: every run finishes the mail in flight, takes no other, and hands its campaign back. */
    stop() {
      stopping = true;
    },
  };
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;
