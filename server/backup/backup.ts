import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type BackupSecrets, backupEnd, backupHeader } from './backup-header';
import { CommandError, count, EXIT, onInterrupt, removeOnInterrupt, type Say } from './command';
import { type BackupTable, CatalogError, readCatalog } from './database-catalog';
import { type DatabaseTarget, describeTarget, embeddedDatabaseProblem, openTarget } from './database-target';
import { FileWriter } from './file-writer';
import { appliedMigrations, committedMigrations, MIGRATIONS_TABLE_SQL, migrationScript } from './migration-journal';
import { columnList, copyEnd, copyStart, MADE_AGAIN, PREAMBLE, ROWS_NOTE, SET_ASIDE, setval } from './script-parts';

export type BackupOptions = {
  target: DatabaseTarget;
  file: string;
  /** DATA_DIR's secrets to carry in the file's header, or null to leave them out. */
  secrets: BackupSecrets | null;
  say: Say;
};

/** What `npm run backup` calls a backup when it is not given a file name: the moment it was taken, in UTC. */
export function defaultBackupName(now: Date): string {
  return `localreach-backup-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.sql`;
}

/**
 * Writes a logical backup of the target's database to `file` (decision 0063): SQL that makes the schema (the
 * committed migrations the database has had) and every table's rows by COPY, all read in one REPEATABLE READ
 * transaction, so the file is one moment of the database however much the app writes meanwhile. The file appears
 * only when complete; until then it is FILE.partial.
 */
export async function takeBackup({ target, file, secrets, say }: BackupOptions) {
  if (existsSync(file)) throw new CommandError(`${file} already exists; choose another file name.`, EXIT.refused);
  if (!existsSync(path.dirname(file))) {
    throw new CommandError(`There is no folder ${path.dirname(file)} to write ${file} in.`, EXIT.refused);
  }
  if (target.kind === 'embedded') {
    const problem = embeddedDatabaseProblem(target.dataDir);
    if (problem) throw new CommandError(problem, EXIT.refused);
  }
  const partial = `${file}.partial`;
  const forgetPartial = removeOnInterrupt(partial);
  const output = await FileWriter.create(partial).catch((error: NodeJS.ErrnoException) => {
    forgetPartial();
    if (error.code === 'EEXIST') {
      throw new CommandError(
        `${partial} exists: another backup to ${file} is under way, or one was killed. Remove it if none runs.`,
        EXIT.refused,
      );
    }
    throw new CommandError(`${partial} cannot be written: ${error.message}`, EXIT.refused);
  });
  try {
    const database = await openTarget(target, 'backup');
    const forgetDatabase = onInterrupt(() => database.close());
    try {
      if (database.appProcesses.length > 0) {
        say(
          `LocalReach is running (process ${database.appProcesses.join(', ')}); it goes on while the backup reads one moment of its database.`,
        );
      } else if (database.startedHere) {
        say('LocalReach is not running; started its embedded database for the backup (stopped again after).');
      }
      const written = await writeBackup(database.client, output, describeTarget(target), secrets, say);
      await output.finish();
      renameSync(partial, file);
      return { bytes: output.bytes, ...written };
    } finally {
      forgetDatabase();
      await database.close();
    }
  } catch (error) {
    await output.abandon();
    rmSync(partial, { force: true });
    if (error instanceof CatalogError) {
      throw new CommandError(`Cannot back up ${describeTarget(target)}: ${error.message}.`, EXIT.refused);
    }
    throw error;
  } finally {
    forgetPartial();
  }
}

async function writeBackup(
  client: pg.Client,
  output: FileWriter,
  source: string,
  secrets: BackupSecrets | null,
  say: Say,
) {
  // The snapshot is taken by the first query after BEGIN; every read of the backup sees that moment.
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    // Text that loads the same on any server: ISO dates, exact floats (extra_float_digits > 0 prints them
    // shortest and exact), and no time limit of the server's cutting a long backup short.
    await client.query(
      "SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL IntervalStyle = 'postgres'; SET LOCAL extra_float_digits = 3; SET LOCAL bytea_output = 'hex'",
    );
    const catalog = await readCatalog(client);
    // As pg_dump does: no table may be altered or dropped until the backup ends; the app's reads and writes go on.
    if (catalog.tables.length > 0) {
      await client.query(`LOCK TABLE ${catalog.tables.map((table) => table.sql).join(', ')} IN ACCESS SHARE MODE`);
    }
    const { applied, unknown } = appliedMigrations(committedMigrations(), catalog.migrationsAppliedAt);
    if (unknown.length > 0) {
      throw new CommandError(
        `Cannot back up ${source}: it was migrated by a newer LocalReach than this one (a migration of ${new Date(unknown[0]).toISOString()} it does not know): back it up with that release.`,
        EXIT.refused,
      );
    }
    const last = applied.at(-1);
    if (!last) throw new CatalogError('it is not a LocalReach database (its migration journal is empty)');

    await output.write(
      backupHeader(source, new Date(), secrets, {
        format: 2,
        migration: last.tag,
        migrationAt: last.when,
        postgres: catalog.serverVersion,
      }),
    );
    await output.write(
      `\n${PREAMBLE}\n-- Drizzle's migration journal, as its migrator makes it.\n${MIGRATIONS_TABLE_SQL}\n`,
    );
    for (const migration of applied) {
      await output.write(
        `\n-- Migration ${migration.tag} (server/db/migrations/${migration.tag}.sql)\n${migrationScript(migration)}\n`,
      );
    }
    await output.write(`\n${SET_ASIDE}\n${ROWS_NOTE}`);
    let rows = 0;
    for (const table of catalog.tables) {
      const copied = await writeTable(client, output, table);
      if (copied > 0)
        say(`  ${table.schema === 'public' ? table.name : `${table.schema}.${table.name}`}: ${count(copied, 'row')}`);
      rows += copied;
    }
    await output.write(`\n${MADE_AGAIN}\n-- The sequences go on from where they were.\n`);
    for (const sequence of catalog.sequences) await output.write(setval(sequence.sql, sequence.lastValue));
    await output.write(`\n${backupEnd(catalog.tables.length, rows)}`);
    return { tables: catalog.tables.length, rows };
  } finally {
    await client.query('ROLLBACK').catch(() => {});
  }
}

/** A table's rows as a COPY block psql and `npm run restore` load, its app triggers off meanwhile. */
async function writeTable(client: pg.Client, output: FileWriter, table: BackupTable): Promise<number> {
  if (table.columns.length === 0) return 0;
  await output.write(copyStart(table));
  const rows = client.query(copyTo(`COPY ${table.sql} (${columnList(table)}) TO STDOUT`));
  for await (const chunk of rows) await output.write(chunk as Buffer);
  await output.write(copyEnd(table));
  return rows.rowCount;
}
