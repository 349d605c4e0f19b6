import type { BackupTable } from './database-catalog';
import { quoteIdentifier } from './database-catalog';

/**
 * The SQL around a backup's rows (decision 0063). All of it loads on PostgreSQL 15 and newer, with psql as well as
 * with `npm run restore`.
 */

/**
 * What the loading session needs, as pg_dump writes it: UTF-8, standard strings, no time limit of the server's,
 * no notices ("already exists, skipping") on psql's output. search_path stays the server's, as when the app
 * migrates, so the migrations create what they create there.
 */
export const PREAMBLE = `SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_min_messages = warning;
`;

/**
 * Rows load several times faster into tables without their secondary indexes and foreign keys (each row's foreign
 * key is checked by a query of its own; a GIN index grows row by row): as pg_dump orders a dump, they are made
 * after the rows. The migrations have just made them, so the definitions are this server's own: they are noted in
 * a temporary table, set aside, and made again after the rows, indexes first (a foreign key may need one).
 */
export const SET_ASIDE = `-- The secondary indexes and foreign keys the migrations made are set aside while the rows load, and made again after.
CREATE TEMPORARY TABLE localreach_set_aside AS
  SELECT 1 AS step, format('DROP INDEX %s', i.indexrelid::regclass) AS set_aside, pg_get_indexdef(i.indexrelid) AS made_again
  FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
  WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
  UNION ALL
  SELECT 2, format('ALTER TABLE %s DROP CONSTRAINT %I', c.conrelid::regclass, c.conname),
    format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))
  FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
  WHERE c.contype = 'f' AND n.nspname = 'public';
DO $$ DECLARE s record; BEGIN
  FOR s IN SELECT set_aside FROM localreach_set_aside ORDER BY step DESC LOOP EXECUTE s.set_aside; END LOOP;
END $$;
`;

export const MADE_AGAIN = `-- The indexes and foreign keys set aside, made again (the foreign keys check every row now).
DO $$ DECLARE s record; BEGIN
  FOR s IN SELECT made_again FROM localreach_set_aside ORDER BY step LOOP EXECUTE s.made_again; END LOOP;
END $$;
DROP TABLE localreach_set_aside;
`;

export const ROWS_NOTE = `-- The rows, table by table. The app's triggers (counters, rollups) are off while a table is loaded: its rows
-- arrive with what those triggers kept, which must not be counted again.
`;

/** The start of a table's COPY block; its rows follow, then COPY_END. */
export function copyStart(table: BackupTable): string {
  return `\nALTER TABLE ${table.sql} DISABLE TRIGGER USER;\nCOPY ${table.sql} (${columnList(table)}) FROM stdin;\n`;
}

export const copyEnd = (table: BackupTable) => `\\.\nALTER TABLE ${table.sql} ENABLE TRIGGER USER;\n`;

export const columnList = (table: BackupTable) => table.columns.map(quoteIdentifier).join(', ');

export const setval = (sequence: string, lastValue: string) =>
  `SELECT pg_catalog.setval(${sqlString(sequence)}, ${BigInt(lastValue)}, true);\n`;

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;
