import type pg from 'pg';

/** A table a backup holds: its name as SQL, and the columns its rows are written with. */
export type BackupTable = { schema: string; name: string; sql: string; columns: string[] };

export type Catalog = {
  /** Parents before the tables whose foreign keys refer to them. */
  tables: BackupTable[];
  /** Each sequence of the tables that has been used, and its last value. */
  sequences: { sql: string; lastValue: string }[];
  /** The `created_at` of every row of Drizzle's journal. */
  migrationsAppliedAt: number[];
  serverVersion: string;
};

export class CatalogError extends Error {}

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (schema: string, name: string) => `${quoteIdentifier(schema)}.${quoteIdentifier(name)}`;

/**
 * What a backup of this database writes, read in the backup's transaction (so as of its snapshot): every table of
 * schema public and Drizzle's journal (pg-boss's schema is left out, decision 0063), each with its columns but the
 * generated ones (COPY cannot load those; the restoring server computes them), in foreign-key order.
 */
export async function readCatalog(client: pg.Client): Promise<Catalog> {
  const journal = await client.query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!journal.rows[0].present) {
    throw new CatalogError('it is not a LocalReach database (it has no drizzle.__drizzle_migrations)');
  }
  const { rows: tableRows } = await client.query<{ oid: number; schema: string; name: string }>(
    `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r'
       AND (n.nspname = 'public' OR (n.nspname = 'drizzle' AND c.relname = '__drizzle_migrations'))
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     ORDER BY n.nspname, c.relname`,
  );
  const { rows: columnRows } = await client.query<{ oid: number; name: string }>(
    `SELECT attrelid::int AS oid, attname AS name FROM pg_attribute
     WHERE attrelid = ANY($1::oid[]) AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
     ORDER BY attrelid, attnum`,
    [tableRows.map((table) => table.oid)],
  );
  const { rows: foreignKeys } = await client.query<{ child: number; parent: number }>(
    `SELECT conrelid::int AS child, confrelid::int AS parent FROM pg_constraint WHERE contype = 'f'`,
  );
  const { rows: sequenceRows } = await client.query<{ schema: string; name: string; last_value: string }>(
    `SELECT schemaname AS schema, sequencename AS name, last_value::text AS last_value FROM pg_sequences
     WHERE schemaname IN ('public', 'drizzle') AND last_value IS NOT NULL ORDER BY 1, 2`,
  );
  const { rows: applied } = await client.query<{ created_at: string | null }>(
    'SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at',
  );
  const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');

  const columns = new Map<number, string[]>();
  for (const { oid, name } of columnRows) columns.set(oid, [...(columns.get(oid) ?? []), name]);
  const tables = new Map(
    tableRows.map(({ oid, schema, name }) => [
      oid,
      { schema, name, sql: qualified(schema, name), columns: columns.get(oid) ?? [] } satisfies BackupTable,
    ]),
  );
  return {
    tables: inForeignKeyOrder(tables, foreignKeys),
    sequences: sequenceRows.map((row) => ({ sql: qualified(row.schema, row.name), lastValue: row.last_value })),
    migrationsAppliedAt: applied.flatMap((row) => (row.created_at === null ? [] : [Number(row.created_at)])),
    serverVersion: version[0].server_version,
  };
}

/**
 * The tables with every parent before its children where foreign keys allow, alphabetical otherwise, so that
 * backups of the same schema are alike. (The restore sets the foreign keys aside while it loads: any order loads.)
 */
export function inForeignKeyOrder<T extends BackupTable>(
  tables: Map<number, T>,
  foreignKeys: { child: number; parent: number }[],
): T[] {
  const parents = new Map<number, Set<number>>([...tables.keys()].map((oid) => [oid, new Set<number>()]));
  for (const { child, parent } of foreignKeys) {
    if (child !== parent && tables.has(child) && tables.has(parent)) parents.get(child)?.add(parent);
  }
  const byName = ([, a]: [number, T], [, b]: [number, T]) => (a.sql < b.sql ? -1 : a.sql > b.sql ? 1 : 0);
  const ordered: T[] = [];
  const placed = new Set<number>();
  while (placed.size < tables.size) {
    const left = [...tables.entries()].filter(([oid]) => !placed.has(oid)).sort(byName);
    const ready = left.filter(([oid]) => [...(parents.get(oid) ?? [])].every((parent) => placed.has(parent)));
    // Tables whose foreign keys go round in a circle: the first of them by name goes next.
    for (const [oid, table] of ready.length > 0 ? ready : left.slice(0, 1)) {
      placed.add(oid);
      ordered.push(table);
    }
  }
  return ordered;
}
