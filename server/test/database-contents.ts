/** A node-postgres client or pool: it answers a query with its rows. */
export type Queryable = { query<T>(text: string): Promise<{ rows: T[] }> };

/** Every table of every schema but PostgreSQL's own (public, drizzle, pgboss, …), each as its sorted rows. */
export async function tableContents(database: Queryable): Promise<Map<string, string[]>> {
  const { rows: tables } = await database.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
     ORDER BY 1`,
  );
  const contents = new Map<string, string[]>();
  for (const { name } of tables) {
    const { rows } = await database.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
    contents.set(name, rows.map((row) => row.row).sort());
  }
  return contents;
}

/**
 * The database's own code and rules, as PostgreSQL prints them: functions, triggers, indexes, constraints, views
 * and sequence positions. Two databases with the same definitions behave the same. (NOT NULL constraints are
 * left to the rows' checks: PostgreSQL 18 lists them among the constraints, older servers do not.)
 */
export async function schemaDefinitions(database: Queryable): Promise<string[]> {
  const { rows } = await database.query<{ definition: string }>(
    `WITH own AS (SELECT oid FROM pg_namespace WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg_toast%' AND nspname NOT LIKE 'pg_temp%')
     SELECT 'function ' || p.oid::regprocedure::text || ' ' || pg_get_functiondef(p.oid) AS definition
       FROM pg_proc p WHERE p.pronamespace IN (SELECT oid FROM own) AND p.prokind IN ('f', 'p')
     UNION ALL SELECT 'trigger ' || pg_get_triggerdef(t.oid) FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal AND c.relnamespace IN (SELECT oid FROM own)
     UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname::regnamespace IN (SELECT oid FROM own)
     UNION ALL SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
       FROM pg_constraint WHERE connamespace IN (SELECT oid FROM own) AND contype <> 'n'
     UNION ALL SELECT 'view ' || schemaname || '.' || viewname || ' ' || definition FROM pg_views
       WHERE schemaname::regnamespace IN (SELECT oid FROM own)
     UNION ALL SELECT 'sequence ' || schemaname || '.' || sequencename || ' ' || coalesce(last_value::text, 'unused')
       FROM pg_sequences WHERE schemaname::regnamespace IN (SELECT oid FROM own)`,
  );
  return rows.map((row) => row.definition).sort();
}
