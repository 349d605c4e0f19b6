import { runningServer } from '../../server/db/embedded-postgres';

/** The app database of the browser tests' second server (postgres-server.ts): its embedded server, while it runs. */
export async function historyDatabaseUrl(): Promise<string> {
  const dataDir = process.env.E2E_HISTORY_DATA_DIR;
  const server = dataDir ? await runningServer(dataDir) : null;
  if (!server) throw new Error(`The history server's database in ${dataDir} is not running`);
  return server.connectionString;
}

/** Where that server listens. */
export const E2E_POSTGRES_PORT = Number(process.env.E2E_POSTGRES_PORT ?? 5191);
