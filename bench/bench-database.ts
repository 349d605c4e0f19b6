import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../server/db/client';
import { runningServer } from '../server/db/embedded-postgres';

/**
 * Where a bench's app keeps its data. `embedded` is the default install: the app started as `npm start` runs it,
 * with a DATA_DIR of its own and no DATABASE_URL, so it starts its own PostgreSQL server there (decision 0065).
 * `postgres` points the app at a throw-away database on the server at BENCH_DATABASE_URL (default: this
 * machine's). BENCH_BACKENDS=embedded,postgres runs both; the default is the embedded server only.
 */
export type Backend = 'embedded' | 'postgres';

export function benchBackends(): Backend[] {
  const named = (process.env.BENCH_BACKENDS ?? 'embedded').split(',');
  const unknown = named.filter((name) => name !== 'embedded' && name !== 'postgres');
  if (unknown.length > 0)
    throw new Error(`BENCH_BACKENDS: unknown ${unknown.join(', ')}; there are embedded, postgres`);
  return named as Backend[];
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(connectionString: string, statement: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `connectionString` with another database name. */
export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  url.searchParams.delete('application_name');
  return url.toString();
}

/**
 * A fresh database named `name` on the server of `serverUrl` (any database of it; default BENCH_DATABASE_URL's
 * server): its URL, and how to drop it.
 */
export async function createBenchDatabase(
  name: string,
  serverUrl = adminUrl,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = withDatabase(serverUrl, 'postgres');
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(serverUrl, name),
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A bench's database on `backend`: the environment the app is started with (DATA_DIR, and DATABASE_URL for
 * `postgres`), `open` for the bench's own seeding (migrated; on the embedded server this starts it, and closing
 * the handle stops it again before the app starts it as `npm start` does), and `drop`.
 */
export async function benchDatabase(backend: Backend, name: string, dataDir: string) {
  const postgres = backend === 'postgres' ? await createBenchDatabase(name) : null;
  const databaseUrl = postgres?.url;
  return {
    env: { DATA_DIR: dataDir, ...(databaseUrl && { DATABASE_URL: databaseUrl }) } as Record<string, string>,
    /** The app's server's root pid is found through DATA_DIR when it is embedded (bench/process-tree.ts). */
    treeDataDir: databaseUrl ? undefined : dataDir,
    async open(): Promise<DatabaseHandle> {
      const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
      await migrateDatabase(handle);
      return handle;
    },
    /** The app database's URL while the app runs (the embedded server's, found through DATA_DIR). */
    async url(): Promise<string> {
      if (databaseUrl) return databaseUrl;
      const server = await runningServer(dataDir);
      if (!server) throw new Error(`no embedded server is running in ${dataDir}`);
      return server.connectionString;
    },
    drop: async () => postgres?.drop(),
  };
}

/** A field of /proc/<pid>/status in kB (VmHWM: the most resident memory the process has had). */
export function statusKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

/**
 * CPU time the server process has used (user + system, all its threads), in ms: per request, it does not depend on
 * what else the machine runs as much as requests/s does.
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of the whole line, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The machine's 1-minute load average, for the tables: the benches share a 2-core machine. */
export function loadNow(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
}
