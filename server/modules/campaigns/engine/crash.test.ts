import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectDeliveredOnce, readRecipients } from '../../../test/campaign-delivery-audit';
import { startCampaignOver } from '../../../test/campaign-owner';
import { signalAndWait } from '../../../test/process-exit';
import { createSendingHarness, type SendingHarness } from '../../../test/sending-harness';
import { healthy, waitFor } from '../../../test/server-process';
import { SEND_CONCURRENCY } from './run';

// Crash safety: `npm start`'s process (ROLE=all, on the embedded server in its DATA_DIR) sends a 500-lead
// campaign and is SIGKILLed four times, each time restarted at once on the same DATA_DIR, whose server the killed
// process left running. (The server's own crash: engine/postmaster-kill.test.ts.)

/** Each wait includes a worker's start, which takes long on a busy machine (TypeScript compiled at start). */
const START_TIMEOUT_MS = 60_000;

let t: SendingHarness;
beforeEach(async () => {
  t = await createSendingHarness();
});
afterEach(() => t.dispose());

describe('a campaign whose worker is killed and restarted on the same data', () => {
  it('mails each of 500 leads at most once and ends with every row sent or unknown', { timeout: 300_000 }, async () => {
    const owner = await t.createOwner(500);
    let worker = t.start('worker-1');
    await waitFor(healthy(t.port), 'the first worker to listen', START_TIMEOUT_MS);
    const campaignId = await startCampaignOver(t.port, owner);

    const stranded: number[] = [];
    // Kill points well before the end: the check runs every 200 ms while hundreds of mails go a second, so a kill
    // lands up to ~100 mails after its point, and the mid-send kill below still needs mails left to send.
    for (const [index, mails] of [50, 150, 250].entries()) {
      await t.waitFor(
        worker,
        () => t.peer.messages.length >= mails,
        `${worker.name} to have sent ${mails} mails`,
        START_TIMEOUT_MS,
      );
      stranded.push(...(await t.kill(worker, campaignId)));
      // Restarted at once: the new worker takes the campaign over, neither waiting for the dead one's job to expire
      // nor for the minute's check of stalled campaigns.
      worker = t.start(`worker-${index + 2}`);
    }
    // The last kill lands mid-send: the peer has the mails but holds its answers, so the sender never learns.
    t.peer.hold();
    await t.waitFor(worker, () => t.peer.unanswered() > 0, `${worker.name} to have a mail in flight`, START_TIMEOUT_MS);
    const inFlight = await t.kill(worker, campaignId);
    stranded.push(...inFlight);
    t.peer.release();
    expect(inFlight.length).toBeGreaterThan(0);

    worker = t.start('worker-5');
    await t.waitFor(
      worker,
      t.completed(owner, campaignId),
      'the campaign to complete after the kills',
      START_TIMEOUT_MS,
    );
    await signalAndWait(worker.child, 'SIGTERM');

    const rows = await t.database.use((handle) => readRecipients(handle.db, campaignId));
    const { unknown } = expectDeliveredOnce({
      campaignId,
      rows,
      received: t.peer.messages,
      leads: 500,
      stranded,
      // A worker runs one `campaigns.send` job at a time (pg-boss's default local concurrency of 1), and a run has
      // at most SEND_CONCURRENCY rows claimed (one per SMTP pool connection): what one kill can strand.
      unknownBound: 4 * SEND_CONCURRENCY,
    });
    // The mails in flight at the last kill reached the peer unconfirmed: unknown, never sent again.
    expect(unknown.map((row) => row.id)).toEqual(expect.arrayContaining(inFlight));
  });
});
