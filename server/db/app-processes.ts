import pg from 'pg';

/**
 * LocalReach processes on one embedded server know each other by their sessions' application name,
 * `localreach <role> <pid>`: PostgreSQL ends a killed process's sessions at once, so the list is never stale.
 */
export type AppProcess = { role: 'all' | 'web' | 'worker'; pid: number };

export const appSessionName = (role: AppProcess['role']) => `localreach ${role} ${process.pid}`;

/** A process with ROLE=all shares DATA_DIR with no other; web and worker processes share it with each other. */
export class AppAlreadyRunningError extends Error {
  constructor(
    readonly dataDir: string,
    readonly other: AppProcess,
  ) {
    super(
      `LocalReach is already running on DATA_DIR ${dataDir} (process ${other.pid}${other.role === 'all' ? '' : `, ROLE=${other.role}`}). ` +
        'Stop it first, or run one process with ROLE=web and one with ROLE=worker on the same DATA_DIR.',
    );
  }
}

/** The other LocalReach processes connected to the server now. */
export async function otherAppProcesses(connectionString: string): Promise<AppProcess[]> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT DISTINCT application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND application_name ~ '^localreach (all|web|worker) [0-9]+$'`,
    );
    return rows
      .map(({ name }) => {
        const [, role, pid] = name.split(' ');
        return { role: role as AppProcess['role'], pid: Number(pid) };
      })
      .filter((other) => other.pid !== process.pid);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A session that says this process is running, until `end`. */
export async function holdPresence(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, keepAlive: true });
  // The server stopping under the app ends it; the pool's own connections report that.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Sessions of LocalReach's commands (`localreach backup <pid>`, `localreach restore <pid>`) on the server now: an app
 * that stops while a backup runs leaves the server to it.
 */
export async function otherCommandSessions(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND application_name ~ '^localreach (backup|restore) [0-9]+$'`,
    );
    return rows[0].count;
  } finally {
    await client.end().catch(() => {});
  }
}
