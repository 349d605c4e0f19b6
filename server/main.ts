import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { startQueue } from './jobs/queue';
import { registerWorkers } from './jobs/workers';
import { createSessionsService } from './modules/auth/sessions.service';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const runsWeb = config.role !== 'worker';
  const runsWorkers = config.role !== 'web';

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  log.info(`Database ready (${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`);

  const queue = await startQueue(database, { runsWorkers });
  if (runsWorkers) {
    const sessions = createSessionsService({ db: database.db, sessionSecret: config.sessionSecret });
    await registerWorkers(queue, { sessions, log });
    log.info('Job workers started');
  }

  const app = runsWeb ? await buildApp({ ...config, logger: log }, database.db) : null;
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    log.info(`LocalReach is running on http://localhost:${config.port}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down`);
    await app?.close();
    await queue.stop({ graceful: true, timeout: 10_000 });
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('LocalReach failed to start:', error);
  }
  process.exit(1);
});
