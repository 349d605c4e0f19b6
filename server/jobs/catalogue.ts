import { z } from 'zod';
import { defineJob } from './job-definition';

/**
 * Every background job: its queue name, payload, retry and expiry policy, schedule and handler. Services
 * enqueue through `JobQueue.send` (type-checked against this), and worker processes register from it; a new job
 * is one entry here.
 */
export const jobCatalogue = {
  /** Housekeeping: deletes sessions past their idle or absolute expiry. */
  'sessions.expire': defineJob({
    payload: z.object({}).passthrough(),
    policy: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
    cron: '*/15 * * * *',
    async run(_payload, { services, log }) {
      const removed = await services.sessions.deleteExpired();
      if (removed > 0) log.info(`Removed ${removed} expired session(s)`);
      return { removed };
    },
  }),
};

export type JobCatalogue = typeof jobCatalogue;
