import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** A database or an open transaction: enqueueing through it makes the job part of its work. */
export type SqlRunner = Pick<Database, 'execute'>;

/**
 * pg-boss's `db` option (its `executeSql(text, values)`) on a Drizzle database or transaction, so a job is
 * inserted by the same transaction as the change that asks for it: committed with it, gone if it rolls back.
 * pg-boss writes numbered parameters ($1…); each becomes a bound parameter of the same value.
 */
export function pgBossExecutor(runner: SqlRunner) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts: SQL[] = [];
      let from = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        parts.push(sql.raw(text.slice(from, match.index)));
        parts.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
        from = match.index + match[0].length;
      }
      parts.push(sql.raw(text.slice(from)));
      const result = (await runner.execute(sql.join(parts, sql.raw('')))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
