import { afterEach, beforeEach } from 'vitest';
import { testSecretsEnv } from './campaign-owner';
import { freePort } from './net';
import { createProcessDatabase, type ProcessDatabase } from './process-database';
import { healthy, startServer, stopAllServers, waitFor } from './server-process';

/**
 * Where `npm start`'s process runs in each test of the file: a fresh process database (the embedded server in a
 * DATA_DIR of its own) and a free port. After each test every server it started is stopped and the database dropped,
 * which ends whatever of its cluster still runs.
 */
export function appHomePerTest() {
  let current: { database: ProcessDatabase; port: number } | undefined;
  beforeEach(async () => {
    const [database, port] = await Promise.all([createProcessDatabase(), freePort()]);
    current = { database, port };
  });
  afterEach(async () => {
    await stopAllServers();
    await current?.database.dispose();
    current = undefined;
  });
  const now = () => {
    if (!current) throw new Error('the app home is made for each test: use it inside one');
    return current;
  };

  return {
    get database() {
      return now().database;
    },
    get port() {
      return now().port;
    },
    /** The environment of the app's process (ROLE=all by default) in this home. */
    env: () => ({ ...now().database.env('app'), ...testSecretsEnv, PORT: String(now().port), HOST: '127.0.0.1' }),
    /** Starts the app and waits until it listens; its log is in the error when it does not. */
    async start() {
      const server = startServer(this.env());
      await waitFor(healthy(now().port), 'the server to listen', 60_000).catch((error: Error) => {
        throw new Error(`${error.message}; it logged:\n${server.output()}`);
      });
      return server;
    },
  };
}
