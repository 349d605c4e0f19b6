/**
 * The import's baseline: a raw COPY of the same rows, as CSV, into the app's own leads table, on the same server
 * as the app (the embedded server in the app's DATA_DIR, or the PostgreSQL server the app uses), in a fresh
 * database with every migration: the same columns, indexes and triggers. The rows stream from this process over
 * one connection (pg-copy-streams), as a client program's COPY FROM STDIN would; each slice is timed alone.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { csvLine } from '../server/modules/leads/csv-export';
import { createBenchDatabase } from './bench-database';

type CsvRow = Record<string, string>;
const COLUMNS = 'user_id, email, first_name, last_name, company, custom_fields';
const USER_ID = '00000000-0000-4000-8000-000000000001';

/** The rows as the table stores them: the named columns, the rest as custom fields. */
function copyFile(rows: CsvRow[]): string {
  return rows
    .map(({ Email, 'First Name': first, 'Last Name': last, Company, ...custom }) =>
      // csvLine's formula guard never fires here: no value starts with = + - @.
      csvLine([USER_ID, Email, first, last, Company, JSON.stringify(custom)]),
    )
    .join('');
}

/** Copies rows into the baseline's table, one COPY per call, answering the seconds it took. */
export type RawCopy = { copy(rows: CsvRow[]): Promise<number>; close(): Promise<void> };

/** A baseline table in a new database on the server of `serverUrl` (the app's database URL). */
export async function openRawCopy(serverUrl: string): Promise<RawCopy> {
  const database = await createBenchDatabase(`lr_bench_copy_${process.pid}`, serverUrl);
  const handle = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
  await migrateDatabase(handle);
  await handle.db.execute(
    sql.raw(`INSERT INTO users (id, email, password_hash) VALUES ('${USER_ID}', 'copy@bench.test', 'x')`),
  );
  await handle.close();
  return {
    async copy(rows) {
      const text = copyFile(rows);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const started = performance.now();
        const copy = client.query(copyFrom(`COPY leads (${COLUMNS}) FROM STDIN WITH (FORMAT csv)`));
        await pipeline(Readable.from([text]), copy);
        const seconds = (performance.now() - started) / 1000;
        if (copy.rowCount !== rows.length) throw new Error(`COPY took ${copy.rowCount} of ${rows.length} rows`);
        return seconds;
      } finally {
        await client.end();
      }
    },
    close: () => database.drop(),
  };
}
