/** The database of the browser tests' PostgreSQL server (postgres-server.ts), made afresh at every run. */
export const E2E_POSTGRES_DATABASE = process.env.E2E_POSTGRES_DATABASE ?? 'lr_e2e_history';

/** Its URL on the server at `serverUrl` (TEST_DATABASE_URL). */
export function e2ePostgresUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${E2E_POSTGRES_DATABASE}`;
  return url.toString();
}

/** Where that server listens. */
export const E2E_POSTGRES_PORT = Number(process.env.E2E_POSTGRES_PORT ?? 5191);
