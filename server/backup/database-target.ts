import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { dataDirFrom } from '../config';
import { otherAppProcesses } from '../db/app-processes';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { clusterDirOf, runningServer } from '../db/embedded-postgres';
import { CommandError, EXIT } from './command';

/**
 * Where a backup is read from or a restore written to: the embedded server in DATA_DIR, or the server at
 * DATABASE_URL (whose DATA_DIR then holds only the secrets). The same as the app would use with this environment.
 */
export type DatabaseTarget =
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'postgres'; dataDir: string; databaseUrl: string };

export function databaseTarget(env: NodeJS.ProcessEnv): DatabaseTarget {
  const dataDir = dataDirFrom(env);
  return env.DATABASE_URL
    ? { kind: 'postgres', dataDir, databaseUrl: env.DATABASE_URL }
    : { kind: 'embedded', dataDir };
}

/** The target in words, without the password a URL may hold. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'embedded') return `the embedded database in ${target.dataDir}`;
  return `the PostgreSQL database ${describeUrl(target.databaseUrl)}`;
}

export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function describeUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'at DATABASE_URL';
  }
}

/** Whether DATA_DIR holds an embedded database, and what to say when it holds none or one of an earlier release. */
export function embeddedDatabaseProblem(dataDir: string): string | null {
  if (existsSync(path.join(clusterDirOf(dataDir), 'PG_VERSION'))) return null;
  if (existsSync(path.join(dataDir, 'pglite'))) {
    return (
      `DATA_DIR ${dataDir} holds the database of an earlier LocalReach (PGlite, in ${path.join(dataDir, 'pglite')}). ` +
      'Move it over first with `npm run migrate-embedded` (or start LocalReach once), then back it up.'
    );
  }
  return `DATA_DIR ${dataDir} holds no embedded database (there is no ${clusterDirOf(dataDir)}).`;
}

/**
 * The target's database opened for a command: the embedded server found running (the app's) or started for the
 * command and stopped again by `close` (client.ts), or the server at DATABASE_URL. `client` is the one session
 * the command works in; `startedHere` says whether the embedded server was started for it.
 */
export type OpenTarget = {
  handle: DatabaseHandle;
  client: pg.Client;
  /** The embedded server was started by this command (LocalReach was not running on DATA_DIR). */
  startedHere: boolean;
  /** LocalReach processes connected to this database now. */
  appProcesses: number[];
  close(): Promise<void>;
};

/** Sessions of the commands say what they are in pg_stat_activity. */
export const commandSessionName = (command: 'backup' | 'restore') => `localreach ${command} ${process.pid}`;

export async function openTarget(target: DatabaseTarget, command: 'backup' | 'restore'): Promise<OpenTarget> {
  const wasRunning = target.kind === 'embedded' && (await runningServer(target.dataDir)) !== null;
  const options = target.kind === 'embedded' ? { dataDir: target.dataDir } : { databaseUrl: target.databaseUrl };
  const handle = await openDatabase({ ...options, poolSize: 1 }).catch((error: Error) => {
    throw new CommandError(`Cannot open ${describeTarget(target)}: ${error.message}`, EXIT.failed);
  });
  let client: pg.Client | null = null;
  try {
    client = new pg.Client({
      connectionString: handle.connectionString,
      application_name: commandSessionName(command),
    });
    // The server going away mid-command rejects the query under way; unheard, the error would end the process.
    client.on('error', () => {});
    await client.connect().catch((error: Error) => {
      throw new CommandError(`Cannot reach ${describeTarget(target)}: ${error.message}`, EXIT.failed);
    });
    const appProcesses = (await otherAppProcesses(handle.connectionString)).map((app) => app.pid);
    const opened = client;
    return {
      handle,
      client: opened,
      startedHere: target.kind === 'embedded' && !wasRunning,
      appProcesses,
      async close() {
        await opened.end().catch(() => {});
        await handle.close();
      },
    };
  } catch (error) {
    await client?.end().catch(() => {});
    await handle.close().catch(() => {});
    throw error;
  }
}
