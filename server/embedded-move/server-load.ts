import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CommandError, EXIT, type Say } from '../backup/command';
import type { PgliteSource } from './pglite-source';
import {
  columnList,
  type Fingerprint,
  fingerprintOf,
  publicTables,
  type Query,
  qualified,
  rowsText,
  SAME_TEXT_SETTINGS,
  type Table,
} from './table-catalogue';

export type LoadOptions = {
  connectionString: string;
  source: PgliteSource;
  /** In foreign-key order. */
  tables: Table[];
  sequences: string[];
  /** Each table's rows and fingerprint as read from PGlite before the copy. */
  expected: Map<string, Fingerprint>;
  chunkBytes: number;
  say: Say;
};

/**
 * Copies every table into the embedded server in one transaction, and commits only when every table there holds
 * what PGlite holds, row for row (decision 0064). The migrations' triggers are off during the load: they keep
 * counters and rollups (lead counts, mail rollups, a lead's flags) whose rows are copied as they are, and would
 * otherwise count every row a second time.
 */
export async function loadIntoServer(options: LoadOptions): Promise<void> {
  const client = new pg.Client({ connectionString: options.connectionString });
  client.on('error', () => {});
  await client.connect();
  const query: Query = async (text, params) => (await client.query(text, params as unknown[])).rows;
  try {
    for (const setting of SAME_TEXT_SETTINGS) await client.query(setting);
    await sameTablesOnServer(query, options.tables);
    await client.query('BEGIN');
    const names = options.tables.map((table) => qualified(table.name));
    // The server holds no user (move.ts checked): what its tables hold is only what an app left there without
    // users (sign-in attempt windows, caches), which the moved rows replace.
    await client.query(`TRUNCATE ${names.join(', ')}`);
    for (const name of names) await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
    const indexes = await dropSecondaryIndexes(query, options.tables);
    for (const table of options.tables) await copyTable(client, table, options);
    if (indexes.length > 0) options.say(`Building ${indexes.length} indexes…`);
    for (const index of indexes) await client.query(index);
    for (const sequence of options.sequences) {
      const [state] = await options.source.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text, is_called FROM ${qualified(sequence)}`,
      );
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        qualified(sequence),
        state.last_value,
        state.is_called,
      ]);
    }
    options.say('Comparing every table on the server with the PGlite database…');
    const differences: string[] = [];
    for (const table of options.tables) {
      const expected = options.expected.get(table.name) as Fingerprint;
      const found = await fingerprintOf(query, table);
      if (found.rows !== expected.rows) {
        differences.push(`${table.name}: ${rowsText(expected.rows)} in PGlite, ${rowsText(found.rows)} on the server`);
      } else if (found.sum !== expected.sum) {
        differences.push(`${table.name}: ${rowsText(found.rows)} on both sides, but their values differ`);
      }
    }
    if (differences.length > 0) {
      throw new CommandError(
        `The copy does not match the PGlite database:\n  ${differences.join('\n  ')}\n` +
          'Nothing was moved: the transaction was rolled back and the embedded server holds none of these rows.',
        EXIT.failed,
      );
    }
    for (const name of names) await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The server's tables, migrated by this release, must take every column PGlite's have. */
async function sameTablesOnServer(query: Query, tables: Table[]) {
  const onServer = new Map((await publicTables(query)).map((table) => [table.name, new Set(table.columns)]));
  for (const table of tables) {
    const columns = onServer.get(table.name);
    if (!columns) throw new Error(`The embedded server has no table ${table.name}, which the PGlite database has.`);
    const missing = table.columns.filter((column) => !columns.has(column));
    if (missing.length > 0) {
      throw new Error(`The embedded server's table ${table.name} has no column ${missing.join(', ')}.`);
    }
  }
}

/**
 * Indexes that no constraint stands on are dropped for the load and built again once the rows are in, from their
 * definitions: one build is much faster than a million inserts into each (the lead search's trigram index most of
 * all), and a unique one that does not hold fails the move. Answers the statements that build them again.
 */
async function dropSecondaryIndexes(query: Query, tables: Table[]): Promise<string[]> {
  const indexes = await query<{ name: string; definition: string }>(
    `SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND t.relname = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY t.relname, ic.relname`,
    [tables.map((table) => table.name)],
  );
  for (const index of indexes) await query(`DROP INDEX ${qualified(index.name)}`);
  return indexes.map((index) => index.definition);
}

/** One COPY FROM STDIN per table, fed chunk by chunk: at most a chunk or two of rows is in memory at a time. */
async function copyTable(client: pg.Client, table: Table, options: LoadOptions) {
  const total = options.expected.get(table.name)?.rows ?? 0;
  if (total === 0) return;
  let copied = 0;
  const say = options.say;
  async function* progress() {
    for await (const chunk of options.source.chunksOf(table, options.chunkBytes)) {
      yield chunk.bytes;
      copied += chunk.rows;
      if (copied < total) say(`  ${table.name}: ${copied.toLocaleString('en-US')} of ${rowsText(total)}…`);
    }
  }
  // COPY writes identity columns as given (as OVERRIDING SYSTEM VALUE would), so every id stays what it was.
  const copy = client.query(copyFrom(`COPY ${qualified(table.name)} (${columnList(table)}) FROM STDIN`));
  await pipeline(Readable.from(progress()), copy);
  say(`  ${table.name}: ${rowsText(copied)} copied`);
}
