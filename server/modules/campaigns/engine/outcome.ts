import { and, eq } from 'drizzle-orm';
import { type OutgoingMail, TransportError } from '../../../adapters/mail/transport';
import type { Database } from '../../../db/client';
import {
  type CampaignRecipientRow,
  campaignRecipients,
  type EmailAccountRow,
  type LeadRow,
  leads,
} from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import type { OperatorLog } from '../../../lib/operator-log';
import { automaticStatusChange } from '../../leads/lead-status';
import type { Reservation, SendAllowance } from '../../sending/send-allowance';
import { lastErrorOf, outcomeOfFailedSend } from '../../sending/send-outcome';
import type { TransportRegistry } from '../../sending/transport-registry';
import { webhookEmail, webhookLead } from '../../webhooks/webhook-data';
import type { WebhookEmitter } from '../../webhooks/webhook-emitter';
import type { CampaignBrakes } from './brakes';
import type { RunContext } from './run-context';
import type { createCampaignRunStatus } from './run-status';

/** Tries per mail for answers that may pass (4xx, 421, 429), and the waits between them: about an hour in all. */
export const MAX_ATTEMPTS = 5;
const RETRY_DELAYS_SECONDS = [60, 300, 900, 1800];

/** A mail whose send just failed, with what its outcome needs. */
export type FailedSend = {
  row: CampaignRecipientRow;
  lead: LeadRow;
  account: EmailAccountRow;
  reservation: Reservation;
  mail: OutgoingMail;
  weekNumber: number | null;
  /** The hosts of the mail's links, kept on its row when it turns out to have gone (decision 0059). */
  linkHosts: () => string[] | null;
  /** The run: its campaign and user, and the bounce its loops wait for before claiming again. */
  context: RunContext;
};

/**
 * What becomes of a campaign mail its mailbox did not take, decided from the error and the row alone (one
 * send-outcome policy for every campaign mail, send-outcome.ts):
 * - `look_in_sent`: it may have left; the Sent folder may tell, else it is unknown, never sent blindly again;
 * - `pause_mailbox`: the mailbox refused the sign-in; the row is put back and the mailbox's campaigns pause;
 * - `blocked`: the provider refuses the mailbox itself; the row is put back and the campaign pauses;
 * - `bounced`: the recipient's mailbox does not exist (5.1.x): the mail fails and the lead is bounced;
 * - `failed`: another permanent refusal, or the last of MAX_ATTEMPTS tries;
 * - `retry`: what may pass later goes back to `pending` until `nextAttemptAt`.
 */
export type FailedSendStep =
  | { kind: 'look_in_sent'; lastError: string }
  | { kind: 'pause_mailbox'; reason: string }
  | { kind: 'blocked'; answer: string }
  | { kind: 'bounced'; lastError: string }
  | { kind: 'failed'; lastError: string }
  | { kind: 'retry'; lastError: string; nextAttemptAt: Date };

export function nextStepOfFailedSend(
  error: unknown,
  row: Pick<CampaignRecipientRow, 'attempts'>,
  now: Date,
): FailedSendStep {
  if (outcomeOfFailedSend(error) === 'unknown' || !(error instanceof TransportError)) {
    return { kind: 'look_in_sent', lastError: lastErrorOf(error) };
  }
  switch (error.kind) {
    case 'auth':
      return { kind: 'pause_mailbox', reason: error.message };
    case 'blocked':
      return { kind: 'blocked', answer: error.providerAnswer ?? error.message };
    case 'no_mailbox':
      return { kind: 'bounced', lastError: error.message };
    case 'permanent':
      return { kind: 'failed', lastError: error.message };
  }
  if (row.attempts >= MAX_ATTEMPTS) {
    return { kind: 'failed', lastError: `Gave up after ${row.attempts} tries: ${error.message}` };
  }
  const retryIn = Math.max(
    error.retryAfterSeconds ?? 0,
    RETRY_DELAYS_SECONDS[row.attempts - 1] ?? RETRY_DELAYS_SECONDS.at(-1) ?? 0,
  );
  return { kind: 'retry', lastError: error.message, nextAttemptAt: new Date(now.getTime() + retryIn * 1000) };
}

/** Carries out nextStepOfFailedSend's answer. Answers 'stop' when the campaign cannot go on, else 'settled'. */
export function createSendFailures(deps: {
  db: Database;
  clock: Clock;
  allowance: SendAllowance;
  transports: Pick<TransportRegistry, 'findSent'>;
  brakes: CampaignBrakes;
  status: Pick<ReturnType<typeof createCampaignRunStatus>, 'pauseEveryCampaignOf'>;
  settle: (row: CampaignRecipientRow, changes: Partial<CampaignRecipientRow>) => Promise<unknown>;
  unclaim: (row: CampaignRecipientRow) => Promise<unknown>;
  /** Commits the row `sent`: the Sent folder shows the mail went. */
  settleDelivered: (send: FailedSend) => Promise<unknown>;
  webhookEvents: WebhookEmitter;
  events?: OperatorLog;
}) {
  const { db, clock, allowance, transports, brakes, status, settle, unclaim } = deps;

  return async function afterFailedSend(error: unknown, send: FailedSend): Promise<'settled' | 'stop'> {
    const { row, lead, account, reservation, mail, context } = send;
    const { campaign } = context;
    const step = nextStepOfFailedSend(error, row, clock.now());
    if (step.kind === 'look_in_sent') {
      // The mail may have left before this failed. The Sent folder may tell (Graph, Gmail); a copy not there
      // yet may still be on its way, so the row waits for the check of abandoned rows. Where nothing can tell,
      // it is unknown rather than risk a second copy.
      const found = await transports.findSent(account, mail.messageId).catch(() => null);
      if (found === true) await deps.settleDelivered(send);
      else if (found === null) await settle(row, { state: 'unknown', lastError: step.lastError });
      if (!(error instanceof TransportError)) throw error;
      return 'settled';
    }
    await allowance.release(reservation);
    switch (step.kind) {
      case 'pause_mailbox':
        await unclaim(row);
        await status.pauseEveryCampaignOf(
          account,
          `Sending stopped: ${account.email} refused the sign-in (${step.reason}). Reconnect the mailbox on the Email Accounts page, then resume the campaign.`,
        );
        return 'stop';
      case 'blocked':
        // Not the lead's fault: the mail waits and the campaign pauses (first, so that no other loop claims the
        // row again before the pause).
        await brakes.blocked(campaign.id, step.answer);
        await unclaim(row);
        return 'stop';
      case 'bounced': {
        // The lead is bounced and never mailed again; the bounce brake counts it.
        const settling = (async () => {
          await db.transaction(async (tx) => {
            const [failed] = await tx
              .update(campaignRecipients)
              .set({ state: 'failed', lastError: step.lastError, bouncedAt: clock.now() })
              .where(and(eq(campaignRecipients.id, row.id), eq(campaignRecipients.state, 'sending')))
              .returning();
            const [bounced] = await tx
              .update(leads)
              .set(automaticStatusChange('bounced', `The mailbox does not exist: ${step.lastError}`))
              .where(eq(leads.id, lead.id))
              .returning();
            // The mail bounced only if this settled it; the lead only if it was not bounced already.
            if (failed?.campaignId)
              await deps.webhookEvents.emit(tx, [
                {
                  userId: failed.userId,
                  type: 'email.bounced',
                  leadId: lead.id,
                  data: {
                    email: webhookEmail({
                      ...failed,
                      campaignId: failed.campaignId,
                      to: mail.to,
                      subject: mail.subject,
                    }),
                    lead: bounced ? webhookLead(bounced) : null,
                    bounceType: 'hard',
                    reason: step.lastError,
                  },
                },
                ...(bounced && lead.status !== 'bounced'
                  ? [
                      {
                        userId: bounced.userId,
                        type: 'lead.bounced' as const,
                        leadId: lead.id,
                        data: { lead: webhookLead(bounced), reason: step.lastError },
                      },
                    ]
                  : []),
              ]);
          });
          return brakes.mailBounced(campaign.id);
        })();
        context.bounceSettling = settling.catch(() => undefined);
        deps.events?.({ event: 'mail.bounced', userId: lead.userId, leadId: lead.id, recipientId: row.id });
        return (await settling) ? 'stop' : 'settled';
      }
      case 'failed':
        await settle(row, { state: 'failed', lastError: step.lastError });
        return 'settled';
      case 'retry':
        await settle(row, {
          state: 'pending',
          lastError: step.lastError,
          claimedAt: null,
          nextAttemptAt: step.nextAttemptAt,
        });
        return 'settled';
    }
  };
}
