import { chmodSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import { appRoot } from '../lib/app-root';
import { columnList, type Query, qualified, SAME_TEXT_SETTINGS, type Table } from './table-catalogue';

/**
 * The PGlite database of an earlier release, opened by the move alone (decision 0064). PGlite is imported here
 * only, and only when the move runs: the app itself no longer depends on it.
 */
export type PgliteSource = {
  query: Query;
  /** The table's rows as COPY text, a chunk at a time, each about `chunkBytes` of the table's size on disk. */
  chunksOf(table: Table, chunkBytes: number): AsyncGenerator<{ bytes: Buffer; rows: number }>;
  /** Applies the migrations it lacks with drizzle's PGlite migrator, as earlier releases did at their start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(appRoot, 'server/db/migrations');

export async function openPgliteSource(pgliteDir: string): Promise<PgliteSource> {
  // As the earlier releases ran PGlite (decision 0034): V8 optimising PostgreSQL's largest WebAssembly functions
  // with TurboFan takes about 600 MB for a moment; the baseline compiler's code is slower but needs none of it.
  setFlagsFromString('--wasm-tier-up-filter=0');
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm serves lead search (migration 0021): its indexes are on the tables read here.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = new PGlite(pgliteDir, {
    extensions: { pg_trgm },
    // As the earlier releases ran it: PostgreSQL's buffer cache in WebAssembly memory, which never shrinks, kept small.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  await pglite.waitReady;
  for (const setting of SAME_TEXT_SETTINGS) await pglite.exec(setting);
  const query: Query = async (text, params) => (await pglite.query(text, params)).rows as never;
  return {
    query,
    chunksOf: (table, chunkBytes) => chunksOf(pglite, table, chunkBytes),
    async migrate() {
      const { drizzle } = await import('drizzle-orm/pglite');
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzle({ client: pglite }), { migrationsFolder });
    },
    async close() {
      try {
        await pglite.close();
      } finally {
        takeOthersBitsOff(pgliteDir);
      }
    },
  };
}

/**
 * Reads a table by ranges of its pages (a TID range scan: no index needed, each page read once). Rows are as
 * large as their values, so the pages per chunk follow the table's bytes per page, TOASTed values included.
 */
async function* chunksOf(pglite: PGlite, table: Table, chunkBytes: number) {
  const [size] = (
    await pglite.query<{ pages: number; bytes: number }>(
      `SELECT (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
              pg_table_size(c.oid)::float8 AS bytes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname = $1`,
      [table.name],
    )
  ).rows;
  const pagesPerChunk = Math.max(1, Math.floor((chunkBytes * Math.max(size.pages, 1)) / Math.max(size.bytes, 1)));
  for (let first = 0; ; first += pagesPerChunk) {
    const last = first + pagesPerChunk;
    // The last chunk has no upper bound: nothing can be past the end, and nothing else writes meanwhile.
    const upTo = last >= size.pages ? '' : ` AND ctid < '(${last},0)'::tid`;
    const result = await pglite.query(
      `COPY (SELECT ${columnList(table)} FROM ${qualified(table.name)} WHERE ctid >= '(${first},0)'::tid${upTo}) TO '/dev/blob'`,
    );
    const rows = result.rowCount ?? 0;
    if (rows > 0 && result.blob) yield { bytes: Buffer.from(await result.blob.arrayBuffer()), rows };
    if (!upTo) return;
  }
}

/**
 * PGlite makes some files it writes group- and world-readable (its relation cache, 0644), whatever the umask; the
 * releases' own file layer took those bits off as it went. DATA_DIR stays its owner's only (decision 0057), and the
 * app refuses to start on one that is not.
 */
function takeOthersBitsOff(folder: string) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) takeOthersBitsOff(file);
    const mode = statSync(file).mode & 0o777;
    if (mode & 0o077) chmodSync(file, mode & 0o700);
  }
}

export type MigrationLevel = { applied: number; latestWhen: number };

/** The migrations the PGlite database has had (drizzle's table), or null when it holds no LocalReach database. */
export async function migrationLevelOf(source: PgliteSource): Promise<MigrationLevel | null> {
  const [table] = await source.query<{ found: string | null }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations')::text AS found`,
  );
  if (!table.found) return null;
  const [row] = await source.query<{ applied: number; latest: string | null }>(
    'SELECT count(*)::int AS applied, max(created_at)::text AS latest FROM drizzle.__drizzle_migrations',
  );
  return { applied: row.applied, latestWhen: Number(row.latest ?? 0) };
}

/** The migrations this release has: their count and the time of the newest. */
export function releaseMigrations(): { count: number; latestWhen: number } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, latestWhen: Math.max(...journal.entries.map((entry) => entry.when)) };
}
