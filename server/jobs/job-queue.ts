import { type JobResult, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import {
  type AnyJobDefinition,
  DEFAULT_POLL_SECONDS,
  type JobCatalogueShape,
  type JobContext,
  type PayloadOf,
  type PollSeconds,
} from './job-definition';
import { jobFailureFor } from './job-failure';
import { pgBossExecutor, type SqlRunner } from './transaction-sql';

export type JobSendOptions = {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** At most one queued or active job with this key in the queue. */
  singletonKey?: string;
};

/** How often a worker process checks the queues for expired jobs and jobs whose heartbeat stopped. */
const SUPERVISE_SECONDS = 20;

/**
 * pg-boss on the app's own database, driven by a job catalogue. Every process can enqueue (web processes only
 * enqueue); worker processes also run the handlers, the cron schedules and pg-boss's maintenance.
 */
export class JobQueue<Catalogue extends JobCatalogueShape> {
  private constructor(
    private readonly boss: PgBoss,
    private readonly catalogue: Catalogue,
    private readonly runsWorkers: boolean,
  ) {}

  /** Starts pg-boss (installing its schema on first use) and makes sure every catalogue queue exists. */
  static async start<Catalogue extends JobCatalogueShape>(
    handle: DatabaseHandle,
    catalogue: Catalogue,
    options: { runsWorkers: boolean; onError(error: Error): void },
  ): Promise<JobQueue<Catalogue>> {
    const roleOptions = {
      supervise: options.runsWorkers,
      schedule: options.runsWorkers,
      // How soon a job whose worker died (its heartbeat stopped) is failed and its work taken up elsewhere: a
      // mailbox's reading resumes within about half a minute (pg-boss's default is a minute).
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
      // Workers of queues with `notify` are woken as a job is queued (one listening connection per worker process).
      useListenNotify: options.runsWorkers,
    };
    const boss = new PgBoss({ connectionString: handle.connectionString, max: 4, ...roleOptions });
    boss.on('error', options.onError);
    await boss.start();
    for (const [name, definition] of Object.entries(catalogue)) await boss.createQueue(name, definition.policy);
    return new JobQueue(boss, catalogue, options.runsWorkers);
  }

  /** Enqueues a job; the payload is checked against the catalogue's schema first. Answers the job id. */
  async send<Name extends keyof Catalogue & string>(
    name: Name,
    payload: PayloadOf<Catalogue[Name]>,
    options: JobSendOptions = {},
  ): Promise<string | null> {
    const data = this.catalogue[name].payload.parse(payload) as object;
    return this.boss.send(name, data, {
      ...(options.startAfterSeconds !== undefined && { startAfter: options.startAfterSeconds }),
      ...(options.singletonKey !== undefined && { singletonKey: options.singletonKey }),
    });
  }

  /**
   * Enqueues jobs as part of `runner`'s transaction: they exist once it commits and never if it rolls back. A job's
   * singleton key orders it among its key's jobs in a `key_strict_fifo` queue.
   */
  async insertWith<Name extends keyof Catalogue & string>(
    runner: SqlRunner,
    name: Name,
    jobs: Array<{ payload: PayloadOf<Catalogue[Name]>; singletonKey?: string }>,
  ): Promise<void> {
    if (jobs.length === 0) return;
    const schema = this.catalogue[name].payload;
    await this.boss.insert(
      name,
      jobs.map((job) => ({
        data: schema.parse(job.payload) as object,
        ...(job.singletonKey !== undefined && { singletonKey: job.singletonKey }),
      })),
      { db: pgBossExecutor(runner) },
    );
  }

  /**
   * Registers every handler and cron schedule of the catalogue (worker processes only). A handler's error is
   * sorted by `jobFailureFor`: thrown again for pg-boss to retry, re-enqueued after the wait it asked for, or
   * logged and given up.
   */
  async startWorkers(context: JobContext): Promise<void> {
    if (!this.runsWorkers) throw new Error('This process does not run workers');
    // A schedule an earlier release made for a job this one no longer runs on a schedule would fill a queue that no
    // worker empties.
    for (const schedule of await this.boss.getSchedules()) {
      if (!this.catalogue[schedule.name]?.cron) await this.boss.unschedule(schedule.name, schedule.key);
    }
    for (const [name, definition] of Object.entries(this.catalogue)) {
      if (definition.cron) await this.boss.schedule(name, definition.cron);
      const workOptions = {
        localConcurrency: definition.concurrency ?? 1,
        ...(definition.notifyPollSeconds !== undefined && {
          notifyPollingIntervalSeconds: definition.notifyPollSeconds,
        }),
        pollingIntervalSeconds: pollSecondsOf(definition.pollSeconds, context),
      };
      const wakeWorkers = () => {
        for (const worker of this.boss.getWipData()) if (worker.name === name) this.boss.notifyWorker(worker.id);
      };
      if (definition.batchSize) {
        // A batch's jobs run side by side and settle one by one: a failed one is retried alone.
        await this.boss.work(
          name,
          { ...workOptions, batchSize: definition.batchSize, perJobResults: true },
          async (jobs) => {
            try {
              return await Promise.all(
                jobs.map(async (job): Promise<JobResult> => {
                  try {
                    return {
                      id: job.id,
                      status: 'completed',
                      output: await this.runJob(name, definition, job, context),
                    };
                  } catch (error) {
                    return { id: job.id, status: 'failed', output: { message: (error as Error).message } };
                  }
                }),
              );
            } finally {
              if (definition.fetchAgainAfterJob) wakeWorkers();
            }
          },
        );
        continue;
      }
      await this.boss.work(name, workOptions, async ([job]) => {
        try {
          return await this.runJob(name, definition, job, context);
        } finally {
          if (definition.fetchAgainAfterJob) wakeWorkers();
        }
      });
    }
  }

  /** One job's handler, its error sorted by `jobFailureFor`. */
  private async runJob(
    name: string,
    definition: AnyJobDefinition,
    job: { id: string; data: unknown },
    context: JobContext,
  ): Promise<unknown> {
    // A cron's jobs carry no data (null): their payload is the empty object.
    const payload = definition.payload.parse(job.data ?? {});
    try {
      return await definition.run(payload as never, context);
    } catch (error) {
      const failure = jobFailureFor(error);
      if (failure.action === 'retry') throw error;
      if (failure.action === 'retry_after') {
        await this.boss.send(name, (job.data ?? {}) as object, { startAfter: failure.seconds });
        return { retryAfterSeconds: failure.seconds };
      }
      context.log.warn(`Job ${name} ${job.id} gave up: ${failure.reason}`);
      return { gaveUp: failure.reason };
    }
  }

  /** How often the idle workers of each queue in this process ask for a job, in seconds, as pg-boss runs them. */
  pollIntervals(): Record<string, number[]> {
    const intervals: Record<string, number[]> = {};
    for (const worker of this.boss.getWipData()) {
      const seconds = worker.options.pollingIntervalSeconds ?? DEFAULT_POLL_SECONDS;
      intervals[worker.name] = [...(intervals[worker.name] ?? []), seconds];
    }
    return intervals;
  }

  /** A job's pg-boss state ('created', 'active', 'completed', 'failed'…), or null when there is no such job. */
  async state(name: keyof Catalogue & string, id: string): Promise<string | null> {
    return (await this.boss.getJobById(name, id))?.state ?? null;
  }

  /** The output a finished job recorded (what its handler returned). */
  async output(name: keyof Catalogue & string, id: string): Promise<unknown> {
    return (await this.boss.getJobById(name, id))?.output ?? null;
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}

function pollSecondsOf(pollSeconds: PollSeconds | undefined, context: JobContext): number {
  if (pollSeconds === undefined) return DEFAULT_POLL_SECONDS;
  return typeof pollSeconds === 'number' ? pollSeconds : pollSeconds(context);
}
