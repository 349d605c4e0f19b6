import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, migrateDatabase, openDatabase, queryRows } from '../db/client';
import { runningServer } from '../db/embedded-postgres';
import { clusterProcessesIn, isRunning, postmasterPidIn, stopClusterProcesses } from './cluster-processes';
import { copyTemplateCluster } from './cluster-template';
import { createTestDatabase } from './database';
import { waitFor } from './server-process';

/** A migrated database that a test shares with the server processes it starts (server/test/server-process.ts). */
export type ProcessDatabase = {
  /** 'embedded': the server processes start the embedded server in their DATA_DIR, as `npm start` does. */
  kind: DatabaseHandle['kind'];
  /** The processes' DATA_DIR (never ./data); on 'embedded', the cluster is in it. */
  dataDir: string;
  /** What a server process needs in its environment to use the database; `processName` tells its sessions apart. */
  env(processName: string): Record<string, string>;
  /**
   * Resolves once the database holds no session of a process that was killed: PostgreSQL still finishes, and
   * commits, a statement the process sent just before it died. On 'embedded' the app names its sessions by its pid
   * (server/db/app-processes.ts), so this waits for the sessions of every LocalReach process no longer running.
   */
  released(processName: string): Promise<void>;
  /**
   * Runs `work` on the database, migrated. On 'embedded' it uses the server running in DATA_DIR, or starts one that
   * stops again after the last `use` when no app process has come to use it meanwhile.
   */
  use<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T>;
  /** The embedded server's postmaster while one runs in DATA_DIR, for tests that kill it. */
  postmasterPid(): number | null;
  /**
   * SIGKILLs the embedded server's postmaster and resolves once it has ended and so have the backends it leaves:
   * each finishes (and may commit) the statement it is in before it notices. A running app starts the server again
   * (ending such backends after a few seconds), so another server may already run when this resolves.
   */
  killPostmaster(): Promise<void>;
  /** Drops the database; on 'embedded' stops any server left in DATA_DIR and every process of it first. */
  dispose(): Promise<void>;
};

export type ProcessDatabaseOptions = {
  /**
   * 'embedded' (the default): a DATA_DIR of the processes' own, whose server they start themselves, without
   * DATABASE_URL. 'external': a fresh database on the run's server (TEST_DATABASE_URL's when set) given to them as
   * DATABASE_URL. The default is 'external' where TEST_DATABASE_URL is set, which only the `postgres` project does
   * (vitest.config.ts): its suites are about DATABASE_URL itself.
   */
  server?: 'embedded' | 'external';
  /**
   * On 'embedded', the DATA_DIR starts empty, so that the app's first start creates the cluster (initdb) and
   * migrates it. Without it, the DATA_DIR starts with a copy of a migrated cluster (cluster-template.ts), which is
   * what a later start finds.
   */
  firstStart?: boolean;
};

/** The database of the project under test for real processes (see ProcessDatabaseOptions). */
export async function createProcessDatabase(options: ProcessDatabaseOptions = {}): Promise<ProcessDatabase> {
  const server = options.server ?? (process.env.TEST_DATABASE_URL ? 'external' : 'embedded');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lr-process-db-'));
  if (server === 'external') return externalDatabase(dataDir);
  if (!options.firstStart) {
    await copyTemplateCluster(dataDir).catch((error) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    });
  }
  return embeddedDatabase(dataDir);
}

function embeddedDatabase(dataDir: string): ProcessDatabase {
  let migrated = false;
  // Concurrent `use`s share one handle, so that the first one's close cannot stop the server under the others.
  let shared: { handle: Promise<DatabaseHandle>; users: number } | null = null;
  const open = async () => {
    const handle = await openDatabase({ dataDir, poolSize: 4 });
    if (!migrated) {
      await migrateDatabase(handle).catch(async (error) => {
        await handle.close();
        throw error;
      });
      migrated = true;
    }
    return handle;
  };
  return {
    kind: 'embedded',
    dataDir,
    // Blank is unset (server/config.ts): a DATABASE_URL of the shell running the tests must not reach the app.
    env: () => ({ DATA_DIR: dataDir, DATABASE_URL: '' }),
    released: () =>
      waitFor(
        async () => (await sessionsOfEndedApps(dataDir)) === 0,
        'PostgreSQL to drop the sessions of the killed app',
      ),
    async use(work) {
      if (!shared) shared = { handle: open(), users: 0 };
      const current = shared;
      current.users++;
      try {
        return await work(await current.handle);
      } finally {
        if (--current.users === 0) {
          if (shared === current) shared = null;
          await current.handle.then(
            (handle) => handle.close(),
            () => {},
          );
        }
      }
    },
    postmasterPid: () => postmasterPidIn(dataDir),
    async killPostmaster() {
      const postmaster = postmasterPidIn(dataDir);
      if (!postmaster) throw new Error(`No embedded server runs in ${dataDir}`);
      // Those of the killed server only: a running app starts another one at once (server/db/embedded-keeper.ts).
      const killed = clusterProcessesIn(dataDir);
      process.kill(postmaster, 'SIGKILL');
      await waitFor(() => !killed.some(isRunning), 'the killed postmaster and its backends to end');
    },
    async dispose() {
      await stopClusterProcesses(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sessions on DATA_DIR's server named by a LocalReach process that no longer runs; none when no server runs. */
async function sessionsOfEndedApps(dataDir: string): Promise<number> {
  const server = await runningServer(dataDir);
  if (!server) return 0;
  const client = new pg.Client({ connectionString: server.connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT application_name AS name FROM pg_stat_activity WHERE application_name ~ '^localreach (all|web|worker) [0-9]+$'`,
    );
    return rows.filter(({ name }) => !isRunning(Number(name.split(' ')[2]))).length;
  } finally {
    await client.end().catch(() => {});
  }
}

async function externalDatabase(dataDir: string): Promise<ProcessDatabase> {
  const database = await createTestDatabase();
  const sessionsOf = async (processName: string) => {
    const [{ count }] = await queryRows<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = ${processName}`,
    );
    return count;
  };
  return {
    kind: 'postgres',
    dataDir,
    env(processName) {
      const url = new URL(database.connectionString);
      url.searchParams.set('application_name', processName);
      return { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    },
    released: (processName) =>
      waitFor(async () => (await sessionsOf(processName)) === 0, `PostgreSQL to drop the sessions of ${processName}`),
    use: (work) => work(database),
    postmasterPid: () => null,
    killPostmaster: () => Promise.reject(new Error("The external server is not the test's to kill")),
    async dispose() {
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
