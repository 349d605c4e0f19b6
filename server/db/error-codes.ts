/** PostgreSQL's error codes that the app answers in its own way. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_DEADLOCK_DETECTED = '40P01';

/** Whether PostgreSQL refused with `code`, as node-postgres reports it (Drizzle wraps it as the cause). */
export function hasPostgresCode(error: unknown, code: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === code) return true;
  }
  return false;
}
