import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { MIGRATION_LOCK_ID } from '../db/client';
import { runningServer } from '../db/embedded-postgres';
import { DataDirOpenToOthersError, ensureOwnerOnlyDataDir } from '../lib/owner-only-data-dir';
import {
  type BackupKind,
  type BackupSecrets,
  conflictingSecretFiles,
  readBackupEnd,
  readBackupHeader,
  writeSecretFiles,
} from './backup-header';
import { ScriptError } from './backup-script';
import { CommandError, EXIT, megabytes, onInterrupt, type Say } from './command';
import { capitalized, type DatabaseTarget, describeTarget, type OpenTarget, openTarget } from './database-target';
import { committedMigrations } from './migration-journal';
import { runBackupScript, StatementError } from './script-runner';

export type RestoreResult = {
  secrets: BackupSecrets | null;
  secretFiles: string[];
  /** What the restored database holds, when it is LocalReach's. */
  counts: { users: number; leads: number } | null;
};

/**
 * The lock every LocalReach process takes to migrate (server/db/client.ts): held for the restore's transaction, an
 * app starting on the database meanwhile waits, then finds it migrated, instead of migrating it under the restore.
 */

/**
 * Loads a backup into an empty DATA_DIR (a new embedded database) or an empty database at DATABASE_URL, in one
 * transaction, and writes the secrets it carries where the app looks for them (decision 0063). On any failure,
 * or when interrupted, the database and DATA_DIR are left as they were found.
 */
export async function restoreBackup({ target, file, say }: { target: DatabaseTarget; file: string; say: Say }) {
  const backup = await readBackupHeader(file);
  refuseNewerBackup(file, backup);
  const { secrets } = backup;
  const dataDir = target.dataDir;
  const dataDirExisted = existsSync(dataDir);
  if (target.kind === 'embedded') refuseUnlessEmpty(dataDir);
  if (target.kind === 'postgres' && secrets) {
    const conflicting = existsSync(dataDir) ? conflictingSecretFiles(dataDir, secrets) : [];
    if (conflicting.length > 0) {
      throw new CommandError(
        `${conflicting.join(' and ')} ${conflicting.length === 1 ? 'is' : 'are'} not the backup's: with ${conflicting.length === 1 ? 'it' : 'them'} LocalReach could not read the restored mailbox credentials nor the links of mails already sent. ` +
          'Set DATA_DIR to a new folder (the restore writes the secrets there), or move those files aside.',
        EXIT.refused,
      );
    }
  }
  // The app starts only on an owner-only DATA_DIR: an empty one is made so, one that cannot be is refused now.
  try {
    ensureOwnerOnlyDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirOpenToOthersError) throw new CommandError(error.message, EXIT.refused);
    throw error;
  }

  let database: OpenTarget | null = null;
  let secretFiles: string[] = [];
  let undoing: Promise<void> | null = null;
  // Leaves things as found: the transaction abandoned (closing its session), the embedded server this restore
  // started stopped, and what it wrote into DATA_DIR removed.
  const undo = () => {
    undoing ??= (async () => {
      await database?.close();
      if (target.kind === 'embedded' && database?.startedHere !== false) {
        // Interrupted while the new server was starting: it is stopped before its files go.
        if (!database) await (await runningServer(dataDir).catch(() => null))?.stop();
        for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
        if (!dataDirExisted) rmSync(dataDir, { recursive: true, force: true });
      } else {
        for (const written of secretFiles) rmSync(written, { force: true });
        if (!dataDirExisted && readdirSync(dataDir).length === 0) rmSync(dataDir, { recursive: true, force: true });
      }
    })();
    return undoing;
  };
  const forgetUndo = onInterrupt(undo);
  try {
    // Written first: an app started on DATA_DIR during the restore uses the backup's secrets, not new ones.
    secretFiles = secrets ? writeSecretFiles(dataDir, secrets) : [];
    database = await openTarget(target, 'restore');
    if (target.kind === 'embedded' && !database.startedHere) {
      throw new CommandError(
        `Another process started the embedded database in ${dataDir} while the restore was creating it; the restore leaves it to that process.`,
        EXIT.busy,
      );
    }
    const { client } = database;
    await client.query('BEGIN');
    const { rows: locked } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
      MIGRATION_LOCK_ID,
    ]);
    if (!locked[0].locked) {
      throw new CommandError(
        `Another process is migrating or restoring ${describeTarget(target)}; try again when it is done.`,
        EXIT.busy,
      );
    }
    await refuseUnlessEmptyDatabase(client, target);
    say(`Restoring ${file} (${megabytes(statSync(file).size)}) into ${describeTarget(target)}…`);
    const loaded = await runBackupScript(client, file, say).catch((error: Error) => {
      if (error instanceof StatementError || error instanceof ScriptError) {
        throw new CommandError(
          `The backup could not be restored: ${error.message}. Nothing was restored.`,
          EXIT.failed,
        );
      }
      throw error;
    });
    if (backup.kind === 'logical') checkComplete(file, loaded);
    await client.query('COMMIT');
    const counts = await countsOf(client);
    forgetUndo();
    await database.close();
    return { secrets, secretFiles, counts } satisfies RestoreResult;
  } catch (error) {
    forgetUndo();
    await undo();
    throw error;
  }
}

function refuseNewerBackup(file: string, backup: BackupKind) {
  if (backup.kind !== 'logical') return;
  const newest = Math.max(...committedMigrations().map((migration) => migration.when));
  if (backup.facts.migrationAt > newest) {
    throw new CommandError(
      `${file} was made by a newer LocalReach (its database has migration ${backup.facts.migration}, which this one does not know): restore it with that release or a newer one.`,
      EXIT.refused,
    );
  }
}

/** A new embedded database is made in an empty DATA_DIR only: a restore never merges into or replaces one. */
function refuseUnlessEmpty(dataDir: string) {
  if (!existsSync(dataDir)) return;
  if (!statSync(dataDir).isDirectory()) throw new CommandError(`DATA_DIR ${dataDir} is not a folder.`, EXIT.refused);
  const entries = readdirSync(dataDir);
  if (entries.length === 0) return;
  throw new CommandError(
    `DATA_DIR ${dataDir} is not empty (it holds ${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''}). ` +
      'A restore fills an empty DATA_DIR only: set DATA_DIR to a new folder, or move this one aside.',
    EXIT.refused,
  );
}

async function refuseUnlessEmptyDatabase(client: pg.Client, target: DatabaseTarget) {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
       AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     ORDER BY 1 LIMIT 6`,
  );
  if (rows.length === 0) return;
  const names = rows.slice(0, 5).map((row) => row.name);
  throw new CommandError(
    `${capitalized(describeTarget(target))} is not empty (it holds ${names.join(', ')}${rows.length > 5 ? ', …' : ''}). ` +
      'A restore fills an empty database only: create a new one (createdb) and set DATABASE_URL to it.',
    EXIT.refused,
  );
}

/** A backup ends with how many tables and rows it holds: a file cut short, or rows lost on the way, are refused. */
function checkComplete(file: string, loaded: { copies: number; rows: number; lastLine: string }) {
  const end = readBackupEnd(loaded.lastLine);
  if (!end) {
    throw new CommandError(
      `${file} is incomplete (it does not end as a backup ends). Nothing was restored.`,
      EXIT.failed,
    );
  }
  if (end.tables !== loaded.copies || end.rows !== loaded.rows) {
    throw new CommandError(
      `${file} holds ${end.rows} rows in ${end.tables} tables, but ${loaded.rows} rows in ${loaded.copies} tables were loaded. Nothing was restored.`,
      EXIT.failed,
    );
  }
}

async function countsOf(client: pg.Client): Promise<RestoreResult['counts']> {
  try {
    const { rows } = await client.query<{ users: number; leads: number }>(
      'SELECT (SELECT count(*) FROM public.users)::int AS users, (SELECT count(*) FROM public.leads)::int AS leads',
    );
    return rows[0];
  } catch {
    return null;
  }
}
