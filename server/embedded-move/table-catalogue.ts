/**
 * The tables and sequences of schema `public`, as PostgreSQL's catalogue lists them, on either side of the move:
 * the PGlite database and the embedded server answer the same SQL (decision 0064).
 */

/** Runs one statement and answers its rows; PGlite and `pg` are both wrapped into this. */
export type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

export type Table = {
  name: string;
  /** Every column that holds a value of its own: generated columns are computed again by the server. */
  columns: string[];
  /** The other tables of `public` its foreign keys point at. */
  references: string[];
};

/** Settings that make rows read as the same text on both sides, for COPY and for the fingerprint. */
export const SAME_TEXT_SETTINGS = [
  "SET TimeZone = 'UTC'",
  "SET DateStyle = 'ISO, MDY'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 1',
  "SET bytea_output = 'hex'",
];

export async function publicTables(query: Query): Promise<Table[]> {
  const rows = await query<{ name: string; columns: string[] | null; references: string[] | null }>(
    `SELECT c.relname AS name,
            (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns,
            (SELECT array_agg(DISTINCT r.relname::text) FROM pg_constraint f
               JOIN pg_class r ON r.oid = f.confrelid JOIN pg_namespace rn ON rn.oid = r.relnamespace
              WHERE f.conrelid = c.oid AND f.contype = 'f' AND rn.nspname = 'public') AS references
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`,
  );
  return rows.map((row) => ({ name: row.name, columns: row.columns ?? [], references: row.references ?? [] }));
}

export async function publicSequences(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}

/**
 * Tables in an order where each comes after the tables it references, so every foreign key is checked as its rows
 * arrive (ties by name, so every run is the same). A table that references itself is loaded in the order its rows
 * are read; a row before its parent fails the load, and nothing is kept (the current schema has none).
 */
export function inForeignKeyOrder(tables: Table[]): Table[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: Table, path: string[]) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) {
      throw new Error(`The foreign keys of ${[...path, table.name].join(' → ')} form a cycle: no order loads them.`);
    }
    visiting.add(table.name);
    for (const name of [...table.references].sort()) {
      const referenced = byName.get(name);
      if (referenced && name !== table.name) visit(referenced, [...path, table.name]);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table, []);
  return ordered;
}

export const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (name: string) => `public.${identifier(name)}`;
export const columnList = (table: Table) => table.columns.map(identifier).join(', ');

export type Fingerprint = { rows: number; sum: string };

/**
 * How many rows a table holds and the sum of a hash of each row's text: equal on both sides only when every row
 * arrived with every value (hashtextextended is PostgreSQL's own, the same on every platform).
 */
export async function fingerprintOf(query: Query, table: Table): Promise<Fingerprint> {
  const [row] = await query<{ rows: string; sum: string }>(
    `SELECT count(*)::text AS rows, coalesce(sum(hashtextextended(ROW(${columnList(table)})::text, 0)), 0)::text AS sum
       FROM ${qualified(table.name)}`,
  );
  return { rows: Number(row.rows), sum: row.sum };
}

export const rowsText = (rows: number) => `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`;
