import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectDeliveredOnce, readRecipients, sendingRowIds } from '../../test/campaign-delivery-audit';
import { startCampaignOver } from '../../test/campaign-owner';
import { signalAndWait } from '../../test/process-exit';
import { createSendingHarness, type SendingHarness } from '../../test/sending-harness';
import { healthy, waitFor } from '../../test/server-process';
import { SEND_CONCURRENCY } from './campaign-sender';

// The embedded server's own crash during a campaign: its postmaster is SIGKILLed while `npm start`'s process
// (ROLE=all, on the embedded server in its DATA_DIR) has mails in flight to a real SMTP peer. The sender never
// learns those mails' fate; the rows it had claimed stay `sending` in the database, which PostgreSQL brings back
// from its WAL. The app restarted on the same DATA_DIR settles them `unknown`, never sends them again, and sends
// the rest: no lead is mailed twice, and every other lead once.

const LEADS = 300;

let t: SendingHarness;
beforeEach(async () => {
  t = await createSendingHarness();
});
afterEach(() => t.dispose());

describe('a campaign whose embedded server is killed mid-send', () => {
  it('mails each lead at most once after the app is restarted on the same DATA_DIR, and the rest once', {
    timeout: 180_000,
  }, async () => {
    const owner = await t.createOwner(LEADS);
    const first = t.start('worker-1');
    await waitFor(healthy(t.port), 'the first worker to listen', 60_000);
    const campaignId = await startCampaignOver(t.port, owner);
    await t.waitFor(first, () => t.peer.messages.length >= 50, `${first.name} to have sent 50 mails`);
    // The kill lands mid-send: the peer has the mails but holds its answers, so the sender never learns.
    t.peer.hold();
    await t.waitFor(first, () => t.peer.unanswered() > 0, `${first.name} to have a mail in flight`);
    await t.database.killPostmaster();
    t.peer.release();

    // The app stops cleanly without its server.
    expect(await signalAndWait(first.child, 'SIGTERM'), first.output()).toMatchObject({ code: 0, signal: null });
    // What the server holds once back from its WAL: the rows claimed before the kill and never settled.
    const stranded = await t.database.use((handle) => sendingRowIds(handle.db, campaignId));
    expect(stranded.length).toBeGreaterThan(0);

    const second = t.start('worker-2');
    await t.waitFor(second, t.completed(owner, campaignId), 'the campaign to complete after the restart', 90_000);
    expect(await signalAndWait(second.child, 'SIGTERM')).toMatchObject({ code: 0, signal: null });

    const rows = await t.database.use((handle) => readRecipients(handle.db, campaignId));
    const { unknown } = expectDeliveredOnce({
      campaignId,
      rows,
      received: t.peer.messages,
      leads: LEADS,
      stranded,
      // One `campaigns.send` run at a time per worker, with at most SEND_CONCURRENCY rows claimed.
      unknownBound: SEND_CONCURRENCY,
    });
    // Every row the dead server held `sending` is settled `unknown`: none is sent again.
    expect(unknown.map((row) => row.id).sort((a, b) => a - b)).toEqual([...stranded].sort((a, b) => a - b));
  });
});
