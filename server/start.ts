import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type Container, createContainer } from './container';
import { migrateDatabase, openDatabase } from './db/client';
import { refuseUnmovedPgliteDatabase } from './embedded-move/pglite-data-dir';
import type { JobCatalogue } from './jobs/catalogue';
import { createLogger } from './lib/logger';

export type StartOptions<Catalogue extends JobCatalogue> = {
  /** The job catalogue; tests start the real process with the app's catalogue plus jobs of their own. */
  catalogue?: Catalogue;
  /** Adds routes before the app listens (tests only). */
  extendApp?(app: FastifyInstance, container: Container<Catalogue>): void | Promise<void>;
};

/**
 * Starts LocalReach as `npm start` does: opens and migrates the database, builds the container once, then by
 * ROLE runs the job workers, the HTTP app, or both. Answers a function that shuts everything down in order.
 */
export async function startLocalReach<Catalogue extends JobCatalogue = JobCatalogue>(
  config: Config,
  options: StartOptions<Catalogue> = {},
): Promise<() => Promise<void>> {
  const log = createLogger(config.logLevel);
  const runsWeb = config.role !== 'worker';
  const runsWorkers = config.role !== 'web';

  // An earlier release's PGlite database is moved once, by a command, before this release opens DATA_DIR (0064).
  if (!config.databaseUrl) refuseUnmovedPgliteDatabase(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    role: config.role,
    log: (line) => log.info(line),
    warn: (line) => log.warn(line),
  });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  log.info(
    `Database ready (${database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'})`,
  );

  const container = await createContainer<Catalogue>(config, database, {
    log,
    runsWorkers,
    catalogue: options.catalogue,
  });
  if (runsWorkers) {
    await container.jobs.startWorkers({ services: container.services, log });
    log.info('Job workers started');
    // Campaigns a killed worker left running go on now, not when its pg-boss job expires.
    const resumed = await container.services.campaigns.resumeStalled({ quietMs: 0 });
    if (resumed > 0) log.info(`Resumed ${resumed} campaign(s) that lost their sender`);
    // Mailboxes are read from now on, not from the first tick of the schedule.
    await container.services.inboxReader.scheduleAll();
  }

  let app: FastifyInstance | null = null;
  if (runsWeb) {
    app = await buildApp(container);
    await options.extendApp?.(app, container);
    await app.listen({ port: config.port, host: config.host });
    // While no administrator exists, whoever signs up next may take the install: the operator should know. The app
    // is up by now: a database that stops under this one read (the keeper starts it again) only costs the notice.
    const adminNotice = await container.services.signUp.startNotice().catch((error: Error) => {
      log.warn(`Could not check for an administrator at start: ${error.message}`);
      return null;
    });
    if (adminNotice) log.warn(adminNotice);
    log.info(`LocalReach is running on http://localhost:${config.port}`);
  }

  return async () => {
    await app?.close();
    await container.close();
    await database.close();
  };
}
