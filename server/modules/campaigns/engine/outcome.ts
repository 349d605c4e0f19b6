import { eq } from 'drizzle-orm';
import { type OutgoingMail, TransportError } from '../../../adapters/mail/transport';
import type { Database } from '../../../db/client';
import { type CampaignRecipientRow, type EmailAccountRow, type LeadRow, leads } from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import { automaticStatusChange } from '../../leads/lead-status';
import type { Reservation, SendAllowance } from '../../sending/send-allowance';
import { lastErrorOf, outcomeOfFailedSend } from '../../sending/send-outcome';
import type { TransportRegistry } from '../../sending/transport-registry';
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
 * What becomes of a campaign mail its mailbox did not take (one send-outcome policy for every campaign mail): a
 * mail that may have left is looked for in the Sent folder or becomes unknown, never sent blindly again; refused
 * credentials and a provider's block pause the campaign with the row put back; a missing mailbox (5.1.x) bounces
 * the lead; other permanent refusals fail the mail; what may pass goes back to `pending` for a later try, until
 * MAX_ATTEMPTS. Answers 'stop' when the campaign cannot go on, else 'settled'.
 */
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
}) {
  const { db, clock, allowance, transports, brakes, status, settle, unclaim } = deps;

  return async function afterFailedSend(error: unknown, send: FailedSend): Promise<'settled' | 'stop'> {
    const { row, lead, account, reservation, mail, context } = send;
    const { campaign } = context;
    if (outcomeOfFailedSend(error) === 'unknown' || !(error instanceof TransportError)) {
      // The mail may have left before this failed. The Sent folder may tell (Graph, Gmail); a copy not there
      // yet may still be on its way, so the row waits for the check of abandoned rows. Where nothing can tell,
      // it is unknown rather than risk a second copy.
      const found = await transports.findSent(account, mail.messageId).catch(() => null);
      if (found === true) await deps.settleDelivered(send);
      else if (found === null) {
        await settle(row, { state: 'unknown', lastError: lastErrorOf(error) });
      }
      if (!(error instanceof TransportError)) throw error;
      return 'settled';
    }
    await allowance.release(reservation);
    if (error.kind === 'auth') {
      await unclaim(row);
      await status.pauseEveryCampaignOf(
        account,
        `Sending stopped: ${account.email} refused the sign-in (${error.message}). Reconnect the mailbox on the Email Accounts page, then resume the campaign.`,
      );
      return 'stop';
    }
    // The provider refuses the mailbox itself: not the lead's fault, the mail waits and the campaign pauses (first,
    // so that no other loop claims the row again before the pause).
    if (error.kind === 'blocked') {
      await brakes.blocked(campaign.id, error.providerAnswer ?? error.message);
      await unclaim(row);
      return 'stop';
    }
    if (error.kind === 'permanent') {
      await settle(row, { state: 'failed', lastError: error.message });
      return 'settled';
    }
    if (error.kind === 'no_mailbox') {
      // The lead is bounced and never mailed again; the bounce brake counts it.
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
  };
}
