import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { jobCatalogue } from '../../../jobs/catalogue';
import { JobQueue } from '../../../jobs/job-queue';
import { expectDeliveredOnce, readRecipients } from '../../../test/campaign-delivery-audit';
import { startCampaignOver } from '../../../test/campaign-owner';
import { signalAndWait } from '../../../test/process-exit';
import { createSendingHarness, type SenderProcess, type SendingHarness } from '../../../test/sending-harness';
import { healthy, waitFor } from '../../../test/server-process';
import { SEND_CONCURRENCY } from './run';

// Worker processes on one database claim rows of the same campaign at once: on the embedded server they share
// through DATA_DIR, and in the postgres project (vitest.config.ts) on the server at DATABASE_URL.

let t: SendingHarness;
beforeEach(async () => {
  t = await createSendingHarness();
});
afterEach(() => t.dispose());

describe('two worker processes and a web process on one PostgreSQL database', () => {
  it('send one 500-lead campaign together, one killed and restarted midway, with zero duplicates', {
    timeout: 300_000,
  }, async () => {
    const owner = await t.createOwner(500);
    const web = t.start('web', 'web');
    // Its first start makes the embedded server's cluster (initdb) and migrates it.
    await waitFor(healthy(t.port), 'the web process to listen', 90_000);
    let first: SenderProcess = t.start('worker-a', 'worker');
    const second = t.start('worker-b', 'worker');
    for (const worker of [first, second]) {
      await t.waitFor(worker, () => worker.output().includes('Job workers started'), `${worker.name} to start`, 90_000);
    }
    // The peer holds its answers until both workers run the campaign, so neither can finish it before the other has
    // polled: each worker runs one job at a time, so two active runs are one in each worker.
    t.peer.hold();
    const campaignId = await startCampaignOver(t.port, owner);
    // The web process enqueued one run; a second lets both workers run the campaign.
    await t.database.use(async (handle) => {
      const jobs = await JobQueue.start(handle, jobCatalogue, { runsWorkers: false, onError: () => {} });
      await jobs.send('campaigns.send', { campaignId });
      await jobs.stop();
    });
    const activeRuns = () =>
      t.database.use(async (handle) => {
        const [{ count }] = await queryRows<{ count: number }>(
          handle.db,
          sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'campaigns.send' AND state = 'active'`,
        );
        return count;
      });
    await t.waitFor(first, async () => (await activeRuns()) === 2, 'both workers to run the campaign at once', 60_000);
    t.peer.release();
    await t.waitFor(first, () => t.peer.messages.length >= 250, 'the two workers to have sent 250 mails', 90_000);
    const stranded = await t.kill(first, campaignId);
    first = t.start('worker-a2', 'worker');

    await t.waitFor(second, t.completed(owner, campaignId), 'the campaign to complete', 90_000);
    await Promise.all([web, first, second].map((server) => signalAndWait(server.child, 'SIGTERM')));

    const rows = await t.database.use((handle) => readRecipients(handle.db, campaignId));
    expectDeliveredOnce({
      campaignId,
      rows,
      received: t.peer.messages,
      leads: 500,
      // Rows `sending` right after the kill: the killed worker's and the live one's; only the first may end unknown.
      stranded,
      unknownBound: SEND_CONCURRENCY,
    });
  });
});
