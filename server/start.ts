import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type Container, createContainer } from './container';
import { migrateDatabase, openDatabase } from './db/client';
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

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  log.info(`Database ready (${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`);

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
    // While no administrator exists, whoever signs up next may take the install: the operator should know.
    const adminNotice = await container.services.signUp.startNotice();
    if (adminNotice) log.warn(adminNotice);
    log.info(`LocalReach is running on http://localhost:${config.port}`);
  }

  return async () => {
    await app?.close();
    await container.close();
    await database.close();
  };
}
