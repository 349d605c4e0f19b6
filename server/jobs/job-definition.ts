import type { Queue } from 'pg-boss';
import type { z } from 'zod';
import type { Services } from '../container';

/**
 * How often an idle worker asks the database for a job of its queue (pg-boss's own default): how long a job
 * someone is waiting for (a campaign started, a search) may wait before it starts.
 */
export const DEFAULT_POLL_SECONDS = 2;

/** What a job's handler gets besides its payload: every service, and a logger. */
export type JobContext = { services: Services; log: { info(message: string): void; warn(message: string): void } };

/** A queue's poll interval in seconds, or how to work it out from the services as the workers start. */
export type PollSeconds = number | ((context: JobContext) => number);

/**
 * Retry and expiry policy of a queue (pg-boss's queue options), its singleton policy where it has one, and the
 * heartbeat its long jobs keep (a job whose worker died is failed once its heartbeat stops, not at its expiry).
 */
export type JobPolicy = Pick<
  Queue,
  | 'retryLimit'
  | 'retryDelay'
  | 'retryBackoff'
  | 'retryDelayMax'
  | 'expireInSeconds'
  | 'policy'
  | 'heartbeatSeconds'
  | 'notify'
>;

/** One entry of the job catalogue: the payload it takes, how it is retried, when it runs on its own, what it does. */
export type JobDefinition<Payload = unknown> = {
  payload: z.ZodType<Payload>;
  policy: JobPolicy;
  /** A cron expression (UTC) for jobs that run on a schedule. */
  cron?: string;
  /** How many of its jobs one worker process runs at once (one unless said). */
  concurrency?: number;
  /** With `notify` in its policy: how often its idle workers still ask, in case a wake-up was missed or a retry is due. */
  notifyPollSeconds?: number;
  /**
   * Its workers in this process ask for the next job as soon as one ends, not at their next poll: a job held back by
   * its key (a `key_strict_fifo` queue) is taken up the moment the one before it ends.
   */
  fetchAgainAfterJob?: boolean;
  /**
   * Each worker takes this many jobs at a time and runs them side by side, each settled on its own: one fetch and
   * one completion for the lot (for many small jobs, such as webhook deliveries).
   */
  batchSize?: number;
  /** How often each of its idle workers asks for a job, in seconds (DEFAULT_POLL_SECONDS unless said). */
  pollSeconds?: PollSeconds;
  run(payload: Payload, context: JobContext): Promise<unknown>;
};

/** Declares a job so its handler's payload type follows from its schema. */
export function defineJob<Schema extends z.ZodType>(definition: {
  payload: Schema;
  policy: JobPolicy;
  cron?: string;
  /** How many of its jobs one worker process runs at once (one unless said). */
  concurrency?: number;
  /** With `notify` in its policy: how often its idle workers still ask, in case a wake-up was missed or a retry is due. */
  notifyPollSeconds?: number;
  /**
   * Its workers in this process ask for the next job as soon as one ends, not at their next poll: a job held back by
   * its key (a `key_strict_fifo` queue) is taken up the moment the one before it ends.
   */
  fetchAgainAfterJob?: boolean;
  /**
   * Each worker takes this many jobs at a time and runs them side by side, each settled on its own: one fetch and
   * one completion for the lot (for many small jobs, such as webhook deliveries).
   */
  batchSize?: number;
  /** How often each of its idle workers asks for a job, in seconds (DEFAULT_POLL_SECONDS unless said). */
  pollSeconds?: PollSeconds;
  run(payload: z.output<Schema>, context: JobContext): Promise<unknown>;
}): JobDefinition<z.output<Schema>> {
  return definition as JobDefinition<z.output<Schema>>;
}

/** What every catalogue entry has in common, whatever its payload. */
export type AnyJobDefinition = {
  payload: z.ZodType;
  policy: JobPolicy;
  cron?: string;
  /** How many of its jobs one worker process runs at once (one unless said). */
  concurrency?: number;
  /** With `notify` in its policy: how often its idle workers still ask, in case a wake-up was missed or a retry is due. */
  notifyPollSeconds?: number;
  /**
   * Its workers in this process ask for the next job as soon as one ends, not at their next poll: a job held back by
   * its key (a `key_strict_fifo` queue) is taken up the moment the one before it ends.
   */
  fetchAgainAfterJob?: boolean;
  /**
   * Each worker takes this many jobs at a time and runs them side by side, each settled on its own: one fetch and
   * one completion for the lot (for many small jobs, such as webhook deliveries).
   */
  batchSize?: number;
  /** How often each of its idle workers asks for a job, in seconds (DEFAULT_POLL_SECONDS unless said). */
  pollSeconds?: PollSeconds;
  run(payload: never, context: JobContext): Promise<unknown>;
};
export type JobCatalogueShape = Record<string, AnyJobDefinition>;
export type PayloadOf<Definition> = Definition extends JobDefinition<infer Payload> ? Payload : never;
