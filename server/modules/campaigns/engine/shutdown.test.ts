import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectDeliveredOnce, readRecipients } from '../../../test/campaign-delivery-audit';
import { startCampaignOver } from '../../../test/campaign-owner';
import { signalAndWait } from '../../../test/process-exit';
import { createSendingHarness, type SendingHarness } from '../../../test/sending-harness';
import { healthy, waitFor } from '../../../test/server-process';
import { SEND_CONCURRENCY } from './run';

// Graceful shutdown: a worker process (ROLE=all) sending through a slow provider gets SIGTERM.

let t: SendingHarness;
beforeEach(async () => {
  t = await createSendingHarness();
});
afterEach(() => t.dispose());

describe('a worker stopped with SIGTERM', () => {
  it('finishes the mails in flight, takes no other, exits within 10 s, and a new worker completes the campaign', {
    timeout: 240_000,
  }, async () => {
    const owner = await t.createOwner(12);
    t.peer.answerDelayMs = 1000; // a slow provider: every mail is in flight for a second
    let worker = t.start('graceful-1');
    // Its first start makes the embedded server's cluster (initdb) and migrates it.
    await waitFor(healthy(t.port), 'the worker to listen', 90_000);
    const campaignId = await startCampaignOver(t.port, owner);
    await t.waitFor(worker, () => t.peer.messages.length >= 3 && t.peer.unanswered() > 0, 'mails in flight');

    // Mails in flight now: those the peer has not answered yet, and maybe some it has not got yet.
    const [receivedAtSignal, unansweredAtSignal] = [t.peer.messages.length, t.peer.unanswered()];
    const exit = await signalAndWait(worker.child, 'SIGTERM', 20_000);
    expect(exit, worker.output()).toMatchObject({ code: 0, signal: null });
    expect(exit.afterMs).toBeLessThan(10_000);
    // Only mails in flight at the signal reached the peer after it, and each was answered before the exit.
    expect(t.peer.messages.length).toBeLessThanOrEqual(receivedAtSignal + SEND_CONCURRENCY - unansweredAtSignal);
    expect(t.peer.unanswered()).toBe(0);
    const stopped = await t.database.use((handle) => readRecipients(handle.db, campaignId));
    expect(stopped.filter((row) => row.state === 'sending')).toEqual([]);
    expect(stopped.filter((row) => row.state === 'sent')).toHaveLength(t.peer.messages.length);

    t.peer.answerDelayMs = 0;
    worker = t.start('graceful-2');
    // It starts the embedded server again (the first worker stopped it as it left) before it sends.
    await t.waitFor(worker, t.completed(owner, campaignId), 'the new worker to complete the campaign', 90_000);
    await signalAndWait(worker.child, 'SIGTERM');
    const rows = await t.database.use((handle) => readRecipients(handle.db, campaignId));
    const { sent } = expectDeliveredOnce({ campaignId, rows, received: t.peer.messages, leads: 12 });
    expect(sent).toHaveLength(12);
  });
});
