import { ConfigError, loadConfig } from './config';
import { AppAlreadyRunningError } from './db/app-processes';
import { EmbeddedPostgresUnavailableError } from './db/embedded-binaries';
import { EmbeddedServerError } from './db/embedded-postgres';
import { PgliteDatabaseWaitingError } from './embedded-move/pglite-data-dir';
import { DataDirOpenToOthersError } from './lib/owner-only-data-dir';
import { startLocalReach } from './start';

/** `npm start`: reads the environment, starts by ROLE, and shuts down cleanly on SIGINT and SIGTERM. */
async function main() {
  // What the server creates (DATA_DIR, its secrets, the control socket) is its owner's only, and loadConfig refuses
  // a DATA_DIR others may open (decision 0057).
  process.umask(0o077);
  const stop = await startLocalReach(loadConfig());
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received, shutting down`);
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof DataDirOpenToOthersError) {
    console.error(`LocalReach cannot start: ${error.message}`);
  } else if (
    error instanceof AppAlreadyRunningError ||
    error instanceof EmbeddedServerError ||
    error instanceof EmbeddedPostgresUnavailableError ||
    error instanceof PgliteDatabaseWaitingError
  ) {
    console.error(`LocalReach cannot start: ${error.message}`);
  } else {
    console.error('LocalReach failed to start:', error);
  }
  process.exit(1);
});
