import { z } from 'zod';
import { loadConfig } from '../config';
import type { Container } from '../container';
import { jobCatalogue } from '../jobs/catalogue';
import { defineJob } from '../jobs/job-definition';
import { PUBLIC_ROUTE } from '../modules/auth/route-access';
import { startLocalReach } from '../start';

/**
 * The real entry point with one job added through the catalogue, for server/main.test.ts: a ROLE=web process
 * enqueues it from a service behind POST /api/test/probe, and a ROLE=worker process runs it.
 */
const catalogue = {
  ...jobCatalogue,
  'test.probe': defineJob({
    payload: z.object({ token: z.string() }),
    policy: { retryLimit: 0, expireInSeconds: 60 },
    async run({ token }, { log }) {
      log.info(`probe job ran with ${token} in process ${process.pid}`);
      return { token, pid: process.pid };
    },
  }),
};
type ProbeContainer = Container<typeof catalogue>;

/** A service like any other: it enqueues through the container's typed job queue. */
function createProbeService(jobs: ProbeContainer['jobs']) {
  return { request: (token: string) => jobs.send('test.probe', { token }) };
}

const stop = await startLocalReach(loadConfig(), {
  catalogue,
  extendApp(app, container) {
    const probes = createProbeService(container.jobs);
    // A probe of the job queue, not of sign-in: open to the test without an account.
    app.post('/api/test/probe', { config: PUBLIC_ROUTE }, async (request) => {
      const { token } = z.object({ token: z.string() }).parse(request.body);
      return { jobId: await probes.request(token), pid: process.pid };
    });
  },
});
process.on('SIGTERM', () => void stop().then(() => process.exit(0)));
