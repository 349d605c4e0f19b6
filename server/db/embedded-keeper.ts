import type pg from 'pg';
import { holdPresence } from './app-processes';
import { type EmbeddedServer, openEmbeddedServer } from './embedded-postgres';

/**
 * Keeps the embedded server running under a running app. The app's presence session (app-processes.ts) ending while
 * the app is not closing means the server went away (its postmaster killed, or ended by the system for memory): the
 * server is started again, recovering from its WAL, on the same port, so that the pools' connection string stays
 * right and their next connection simply works. Meanwhile requests fail with the database's usual errors and jobs
 * are retried. Web and worker processes on one DATA_DIR all notice; the start lock lets one start it and the others
 * find it. A session ended while the server stays up (a person's pg_terminate_backend) is just taken again.
 */
export type EmbeddedKeeper = {
  /** The server as last started or found: the one to stop when the app is the last to close. */
  server(): EmbeddedServer;
  /** Stops watching (waiting for a start under way) and ends the presence session. */
  close(): Promise<void>;
};

export type KeeperOptions = {
  dataDir: string;
  server: EmbeddedServer;
  /** The app's connection string: its session name marks the presence session as this process's. */
  connectionString: string;
  log: (line: string) => void;
  warn: (line: string) => void;
  /** Pause between failed starts, growing to ten times this. */
  retryMs?: number;
};

export async function keepEmbeddedServer(options: KeeperOptions): Promise<EmbeddedKeeper> {
  const { dataDir, connectionString, log, warn } = options;
  const retryMs = options.retryMs ?? 1_000;
  const port = Number(new URL(options.server.connectionString).port);
  let current = options.server;
  let closing = false;
  let restarting: Promise<void> | null = null;
  let presence = await holdPresence(connectionString);

  const watch = (client: pg.Client) => {
    client.once('end', () => {
      if (closing) return;
      // After a start still under way (its session may end before it has returned), never beside it.
      const next = (restarting ?? Promise.resolve()).then(startAgain);
      restarting = next;
      void next.finally(() => {
        if (restarting === next) restarting = null;
      });
    });
  };

  async function startAgain() {
    warn('The embedded database stopped while LocalReach was running; starting it again…');
    for (let attempt = 1; !closing; attempt++) {
      try {
        const server = await openEmbeddedServer(dataDir, { port });
        const client = await holdPresence(connectionString);
        current = server;
        presence = client;
        if (closing) return;
        watch(client);
        log(`The embedded database is running again (process ${server.pid}).`);
        return;
      } catch (error) {
        // Said once, then every tenth try, so that a long outage does not flood the log.
        if (attempt === 1 || attempt % 10 === 0) {
          warn(`The embedded database could not be started again (try ${attempt}): ${(error as Error).message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(attempt, 10) * retryMs));
      }
    }
  }

  watch(presence);
  return {
    server: () => current,
    async close() {
      closing = true;
      await restarting;
      await presence.end().catch(() => {});
    },
  };
}
