/**
 * The import's baseline: a raw COPY of the same rows, as CSV, into the app's own leads table (a fresh database with
 * every migration: the same columns, indexes and triggers), timed alone. PostgreSQL gets it through psql's \copy
 * (the client streams the file, as an app would); PGlite through its /dev/blob, in this process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { csvLine } from '../server/modules/leads/csv-export';
import { createBenchDatabase } from './bench-database';

type CsvRow = Record<string, string>;
const COLUMNS = 'user_id, email, first_name, last_name, company, custom_fields';
const USER_ID = '00000000-0000-4000-8000-000000000001';
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server/db/migrations');

/** The rows as the table stores them: the named columns, the rest as custom fields. */
function copyFile(rows: CsvRow[]): string {
  return rows
    .map(({ Email, 'First Name': first, 'Last Name': last, Company, ...custom }) =>
      // csvLine's formula guard never fires here: no value starts with = + - @.
      csvLine([USER_ID, Email, first, last, Company, JSON.stringify(custom)]),
    )
    .join('');
}

const createUser = `INSERT INTO users (id, email, password_hash) VALUES ('${USER_ID}', 'copy@bench.test', 'x')`;

/** Copies rows into the baseline's table, one COPY per call, answering the seconds it took. */
export type RawCopy = { copy(rows: CsvRow[]): Promise<number>; close(): Promise<void> };

export async function openRawCopy(backend: 'postgres' | 'pglite'): Promise<RawCopy> {
  return backend === 'postgres' ? copyIntoPostgres() : copyIntoPglite();
}

async function copyIntoPostgres(): Promise<RawCopy> {
  const database = await createBenchDatabase(`lr_bench_copy_${Date.now()}`);
  const directory = mkdtempSync(path.join(tmpdir(), 'lr-bench-copy-'));
  const handle = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
  await migrateDatabase(handle);
  await handle.db.execute(sql.raw(createUser));
  await handle.close();
  const file = path.join(directory, 'leads.csv');
  return {
    async copy(rows) {
      writeFileSync(file, copyFile(rows));
      const started = performance.now();
      const copied = spawnSync('psql', [database.url, '-v', 'ON_ERROR_STOP=1', '-c', copyCommand(file)], {
        encoding: 'utf8',
      });
      const seconds = (performance.now() - started) / 1000;
      if (copied.status !== 0) throw new Error(`psql \\copy failed: ${copied.stderr}`);
      if (!copied.stdout.includes(`COPY ${rows.length}`)) throw new Error(`psql \\copy answered ${copied.stdout}`);
      return seconds;
    },
    async close() {
      rmSync(directory, { recursive: true, force: true });
      await database.drop();
    },
  };
}

const copyCommand = (file: string) => `\\copy leads (${COLUMNS}) FROM '${file}' WITH (FORMAT csv)`;

async function copyIntoPglite(): Promise<RawCopy> {
  const pglite = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle({ client: pglite }), { migrationsFolder });
  await pglite.exec(createUser);
  return {
    async copy(rows) {
      const blob = new Blob([copyFile(rows)]);
      const started = performance.now();
      const result = await pglite.query(`COPY leads (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob });
      const seconds = (performance.now() - started) / 1000;
      if (result.affectedRows !== rows.length) throw new Error(`COPY took ${result.affectedRows} of ${rows.length}`);
      return seconds;
    },
    close: () => pglite.close(),
  };
}
