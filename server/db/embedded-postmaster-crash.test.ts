import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { appHomePerTest } from '../test/app-home';
import { clusterProcessesIn, isRunning } from '../test/cluster-processes';
import { healthy, startServer, waitFor } from '../test/server-process';

// A backend of a postmaster that was SIGKILLed goes on with its statement, which may last, before it notices its
// postmaster is gone, and PostgreSQL refuses to start beside it ("pre-existing shared memory block … is still in
// use"). `npm start` after such a crash must still come up: the backend's work was never acknowledged, and what was
// committed is in the WAL, so its end costs nothing that was promised: openEmbeddedServer waits a few seconds for
// such backends, then ends them.

// Dropping the database after the test ends the backend still computing, if the app did not.
const home = appHomePerTest();

describe('the embedded server after its postmaster was killed', () => {
  it('starts with the app while a backend of the killed postmaster is still in a long statement', {
    timeout: 120_000,
  }, async () => {
    const client = await home.database.use(async (handle) => {
      const busy = new pg.Client({ connectionString: handle.connectionString });
      busy.on('error', () => {});
      await busy.connect();
      // Hours of computing that never waits, so it never looks at its postmaster.
      busy.query('SELECT count(*) FROM generate_series(1, 100000000000::bigint)').catch(() => {});
      await waitFor(async () => {
        const { rows } = await handle.pool.query(
          "SELECT count(*)::int AS count FROM pg_stat_activity WHERE query LIKE 'SELECT count(*) FROM generate_series%' AND state = 'active'",
        );
        return rows[0].count === 1;
      }, 'the long statement to run');
      const postmaster = home.database.postmasterPid();
      if (!postmaster) throw new Error(`no embedded server runs in ${home.database.dataDir}`);
      process.kill(postmaster, 'SIGKILL');
      await waitFor(() => !isRunning(postmaster), 'the killed postmaster to end');
      return busy;
    });
    expect(clusterProcessesIn(home.database.dataDir), 'the backend outlives its postmaster').toHaveLength(1);

    const app = startServer(home.env());
    await waitFor(
      async () => app.child.exitCode !== null || (await healthy(home.port)()),
      'the app to listen or to exit',
      90_000,
    );
    expect(app.child.exitCode, `the app did not start:\n${app.output()}`).toBeNull();
    await client.end().catch(() => {});
  });
});
