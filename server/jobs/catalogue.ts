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
  /** Sends what a campaign has left to send; comes back by itself after a daily limit or a retry wait. */
  'campaigns.send': defineJob({
    payload: z.object({ campaignId: z.number().int().positive() }),
    policy: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 },
    async run({ campaignId }, { services }) {
      await services.campaignSender.run(campaignId);
      return { campaignId };
    },
  }),
  /** Gives campaigns whose sender died (a killed worker) a new run; also run as each worker starts. */
  'campaigns.resume-stalled': defineJob({
    payload: z.object({}).passthrough(),
    policy: { retryLimit: 2, retryDelay: 30, expireInSeconds: 120 },
    cron: '* * * * *',
    async run(_payload, { services, log }) {
      const resumed = await services.campaigns.resumeStalled();
      if (resumed > 0) log.info(`Resumed ${resumed} campaign(s) that lost their sender`);
      return { resumed };
    },
  }),
};

export type JobCatalogue = typeof jobCatalogue;
