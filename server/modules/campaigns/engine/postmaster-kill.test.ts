import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectDeliveredOnce, readRecipients, sendingRowIds } from '../../../test/campaign-delivery-audit';
import { startCampaignOver } from '../../../test/campaign-owner';
import { signalAndWait } from '../../../test/process-exit';
import { createSendingHarness, type SendingHarness } from '../../../test/sending-harness';
import { healthy, waitFor } from '../../../test/server-process';
import { SEND_CONCURRENCY } from './run';

// The embedded server's own crash during a campaign: its postmaster is SIGKILLed while `npm start`'s process
// (ROLE=all, on the embedded server in its DATA_DIR) has mails in flight to a real SMTP peer. The sender never
// learns those mails' fate; the rows it had claimed stay `sending` in the database, which PostgreSQL brings back
// from its WAL. The app (going on with the server it started again, or restarted on the same DATA_DIR) settles them
// `unknown`, never sends them again, and sends the rest: no lead is mailed twice, and every other lead once.

const LEADS = 300;

let t: SendingHarness;
beforeEach(async () => {
  t = await createSendingHarness();
});
afterEach(() => t.dispose());

/**
 * Starts the app and a campaign, and SIGKILLs the postmaster once 50 mails went and others are in flight: the peer
 * has them but holds its answers, so the sender never learns. Answers once the killed server's processes have ended,
 * with the rows the server holds `sending` then, read before the peer answers: the mails in flight, and any row a
 * claim committed just before the kill whose answer never reached the sender.
 */
async function sendUntilPostmasterKilled() {
  const owner = await t.createOwner(LEADS);
  const app = t.start('worker-1');
  await waitFor(healthy(t.port), 'the worker to listen', 60_000);
  const campaignId = await startCampaignOver(t.port, owner);
  await t.waitFor(app, () => t.peer.messages.length >= 50, `${app.name} to have sent 50 mails`);
  t.peer.hold();
  await t.waitFor(app, () => t.peer.unanswered() > 0, `${app.name} to have a mail in flight`);
  await t.database.killPostmaster();
  const inFlight = await t.database.use((handle) => sendingRowIds(handle.db, campaignId));
  t.peer.release();
  return { owner, app, campaignId, inFlight };
}

/** The completed campaign's rows and the peer's mail: every lead mailed once, but those in flight at the kill. */
async function expectDeliveredOnceAfterKill(campaignId: number, inFlight: number[]) {
  const rows = await t.database.use((handle) => readRecipients(handle.db, campaignId));
  expectDeliveredOnce({
    campaignId,
    rows,
    received: t.peer.messages,
    leads: LEADS,
    stranded: inFlight,
    // One `campaigns.send` run at a time per worker, with at most SEND_CONCURRENCY rows claimed.
    unknownBound: SEND_CONCURRENCY,
  });
}

describe('a campaign whose embedded server is killed mid-send', () => {
  it('is completed by the same app once it has started its server again, each lead mailed at most once', {
    timeout: 180_000,
  }, async () => {
    const { owner, app, campaignId, inFlight } = await sendUntilPostmasterKilled();

    // Never restarted: the app brings its server back from the WAL, settles what the kill stranded, sends the rest.
    await t.waitFor(app, t.completed(owner, campaignId), 'the campaign to complete on the same app', 120_000);
    expect(app.output()).toContain('The embedded database is running again');
    expect(await signalAndWait(app.child, 'SIGTERM')).toMatchObject({ code: 0, signal: null });

    // A mail in flight at the kill is `sent` when its answer came once the server was back, else `unknown`: never
    // sent again either way.
    await expectDeliveredOnceAfterKill(campaignId, inFlight);
  });

  it('mails each lead at most once after the app is stopped at once and restarted on the same DATA_DIR', {
    timeout: 180_000,
  }, async () => {
    const { owner, app: first, campaignId, inFlight } = await sendUntilPostmasterKilled();

    // The app stops cleanly, with the server it started again; what it could not settle, the next start does.
    expect(await signalAndWait(first.child, 'SIGTERM'), first.output()).toMatchObject({ code: 0, signal: null });
    const second = t.start('worker-2');
    await t.waitFor(second, t.completed(owner, campaignId), 'the campaign to complete after the restart', 90_000);
    expect(await signalAndWait(second.child, 'SIGTERM')).toMatchObject({ code: 0, signal: null });

    await expectDeliveredOnceAfterKill(campaignId, inFlight);
  });
});
