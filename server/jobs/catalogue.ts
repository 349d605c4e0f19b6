import { z } from 'zod';
import { defineJob } from './job-definition';

/** How many mailbox reading sessions one worker process runs at once. */
export const INBOX_SESSIONS_PER_WORKER = 25;

/**
 * How often the idle workers of scheduled jobs ask for one: such a job starts within this many seconds of its time.
 * Every idle worker polls on its own: with all at pg-boss's 2 s an idle server asked about 22 times a second; with
 * these and the mailbox sessions' 25 workers at 10 s, about 7.
 */
const SCHEDULED_POLL_SECONDS = 10;

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
    pollSeconds: SCHEDULED_POLL_SECONDS,
    async run(_payload, { services, log }) {
      const removed = await services.sessions.deleteExpired();
      if (removed > 0) log.info(`Removed ${removed} expired session(s)`);
      return { removed };
    },
  }),
  /** Housekeeping: deletes the sign-in attempt counters whose window is over. */
  'rate-limits.prune': defineJob({
    payload: z.object({}).passthrough(),
    policy: { retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
    cron: '*/15 * * * *',
    pollSeconds: SCHEDULED_POLL_SECONDS,
    async run(_payload, { services }) {
      return { removed: await services.limiter.prune() };
    },
  }),
  /** Housekeeping: merges the search index entries of leads added one by one (imports merge their own). */
  'leads.search-index-upkeep': defineJob({
    payload: z.object({}).passthrough(),
    policy: { retryLimit: 1, retryDelay: 60, expireInSeconds: 600 },
    cron: '*/15 * * * *',
    pollSeconds: SCHEDULED_POLL_SECONDS,
    async run(_payload, { services }) {
      await services.leads.mergeSearchIndexPending();
      return {};
    },
  }),
  /** Expires every trial and cancelled paid period that has ended (reads also see it at once, without the job). */
  'subscriptions.expire': defineJob({
    payload: z.object({}).passthrough(),
    policy: { retryLimit: 2, retryDelay: 300, expireInSeconds: 300 },
    cron: '5 0 * * *',
    pollSeconds: SCHEDULED_POLL_SECONDS,
    async run(_payload, { services, log }) {
      const expired = await services.subscriptions.expireEnded();
      if (expired > 0) log.info(`Expired ${expired} subscription(s) whose trial or paid period ended`);
      return { expired };
    },
  }),
  /**
   * The stock tip of the day: a new tip for every user who has one or includes it in a template, after the US
   * market's close, spaced out; a user whose refresh fails keeps the previous tip and is logged.
   */
  'stock-tips.refresh-daily': defineJob({
    payload: z.object({}).passthrough(),
    policy: { retryLimit: 1, retryDelay: 600, expireInSeconds: 6 * 3600 },
    cron: '30 22 * * *',
    pollSeconds: SCHEDULED_POLL_SECONDS,
    async run(_payload, { services, log }) {
      const result = await services.stockTips.refreshDaily();
      for (const failure of result.failed)
        log.warn(`Stock tip of user ${failure.userId} not refreshed: ${failure.message}`);
      if (result.leftForLater > 0) log.warn(`${result.leftForLater} stock tip(s) left for tomorrow: provider limit`);
      log.info(`Refreshed ${result.refreshed} stock tip(s)`);
      return { refreshed: result.refreshed, failed: result.failed.length, leftForLater: result.leftForLater };
    },
  }),
  /**
   * Runs one lead finder search: geocoding, the business sources, email discovery on the websites, scoring. An
   * error marks the search failed (the user starts another); a job whose worker died is retried and starts over.
   */
  'lead-finder.search': defineJob({
    payload: z.object({ searchId: z.number().int().positive() }),
    policy: { retryLimit: 1, retryDelay: 30, expireInSeconds: 1800 },
    // Searches mostly wait on other servers; the sources' own limits keep them polite.
    concurrency: 4,
    async run({ searchId }, { services }) {
      return services.leadSearchRunner.run(searchId);
    },
  }),
  /** Checks a newly linked account's sending domain (MX, SPF, DKIM, DMARC, blocklist). */
  'accounts.health-check': defineJob({
    payload: z.object({ accountId: z.number().int().positive() }),
    policy: { retryLimit: 2, retryDelay: 300, expireInSeconds: 300 },
    async run({ accountId }, { services }) {
      return services.accountHealth.checkById(accountId);
    },
  }),
  /** Checks every account's sending domain again once a day: DNS records and blocklists change. */
  'accounts.health-daily': defineJob({
    payload: z.object({}).passthrough(),
    policy: { retryLimit: 1, retryDelay: 600, expireInSeconds: 3 * 3600 },
    cron: '40 3 * * *',
    pollSeconds: SCHEDULED_POLL_SECONDS,
    async run(_payload, { services, log }) {
      const result = await services.accountHealth.checkDue();
      if (result.checked > 0) log.info(`Checked the sending domain of ${result.checked} account(s)`);
      return result;
    },
  }),
  /**
   * Delivers one webhook event to one endpoint (queued with the change that caused it). A failure is tried again
   * with growing waits (about 8 s, 15 s, 30 s… up to 3 hours apart) until 24 hours have passed
   * (modules/webhooks/webhook-delivery.ts gives up then, ending the job: no job is left failed).
   */
  'webhooks.deliver': defineJob({
    payload: z.object({ deliveryId: z.number().int().positive() }),
    policy: {
      // A key's jobs run one at a time in the order they were queued, a retry holding back the ones after it: a
      // lead's events reach an endpoint in order (the emitter's key is endpoint and lead). A job left `failed`
      // would hold its key for good, so the handler ends every job within 24 hours and the limit is never reached.
      policy: 'key_strict_fifo',
      retryLimit: 1000,
      retryDelay: 10,
      retryBackoff: true,
      retryDelayMax: 3 * 3600,
      expireInSeconds: 60,
      // A worker that dies mid-delivery frees its job within about half a minute for another to deliver.
      heartbeatSeconds: 10,
      // A new delivery wakes the workers at once (LISTEN/NOTIFY) rather than at their next poll.
      notify: true,
    },
    // Deliveries mostly wait on receivers: each of a process's workers takes ten at a time (one fetch, one
    // completion) and delivers them side by side.
    concurrency: 2,
    batchSize: 10,
    fetchAgainAfterJob: true,
    // A retry comes due without a wake-up: it waits at most this long beyond its backoff.
    notifyPollSeconds: 5,
    async run({ deliveryId }, { services }) {
      return services.webhookDeliverer.deliver(deliveryId);
    },
  }),
  /** Housekeeping: removes webhook deliveries settled more than 30 days ago (the log shows the recent ones). */
  'webhooks.prune': defineJob({
    payload: z.object({}).passthrough(),
    policy: { retryLimit: 1, retryDelay: 600, expireInSeconds: 1800 },
    cron: '20 4 * * *',
    pollSeconds: SCHEDULED_POLL_SECONDS,
    async run(_payload, { services, log }) {
      const removed = await services.webhooks.pruneDeliveries();
      if (removed > 0) log.info(`Removed ${removed} webhook delivery record(s) older than 30 days`);
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
  /** Tells a user by email that a brake paused their campaign; a notice that cannot go is logged, not retried. */
  'campaigns.brake-notice': defineJob({
    payload: z.object({ campaignId: z.number().int().positive() }),
    policy: { retryLimit: 0, expireInSeconds: 300 },
    async run({ campaignId }, { services, log }) {
      const sent = await services.campaignBrakes.sendNotice(campaignId).catch((error: Error) => {
        log.warn(`The brake notice of campaign ${campaignId} was not sent: ${error.message}`);
        return false;
      });
      return { campaignId, sent };
    },
  }),
  /**
   * Settles the campaign mails and replies a dead process left mid-send once they are stale, whatever their campaign
   * waits for (decision 0061), and gives campaigns whose sender died (a killed worker) a new run; resuming is also
   * done as each worker starts.
   */
  'campaigns.resume-stalled': defineJob({
    payload: z.object({}).passthrough(),
    policy: { retryLimit: 2, retryDelay: 30, expireInSeconds: 120 },
    cron: '* * * * *',
    pollSeconds: SCHEDULED_POLL_SECONDS,
    async run(_payload, { services, log }) {
      const stale = await services.campaignSender.settleStale();
      if (stale.settled > 0) log.info(`Settled ${stale.settled} campaign email(s) a stopped sender left mid-send`);
      if (stale.lookupFailures.length > 0) {
        log.warn(
          `${stale.lookupFailures.length} email(s) left mid-send wait for the next check, their Sent folder unreadable: ${stale.lookupFailures[0]}`,
        );
      }
      // A campaign with nothing left to send or settle is told it is over now, not when its job comes back.
      const finishing = await services.campaigns.runAgain(stale.idle);
      const resumed = await services.campaigns.resumeStalled();
      if (resumed > 0) log.info(`Resumed ${resumed} campaign(s) that lost their sender`);
      const settledReplies = await services.responses.settleInterrupted();
      if (settledReplies > 0) log.info(`Settled ${settledReplies} reply(ies) interrupted mid-send as unknown`);
      return { settled: stale.settled, finishing, resumed, settledReplies };
    },
  }),
  /** Queues the sequence steps that are due (inside each user's sending window) and closes finished sequences. */
  'sequences.advance': defineJob({
    payload: z.object({}).passthrough(),
    policy: { retryLimit: 1, retryDelay: 30, expireInSeconds: 300 },
    cron: '* * * * *',
    pollSeconds: SCHEDULED_POLL_SECONDS,
    async run(_payload, { services, log }) {
      const result = await services.sequences.advance();
      if (result.added > 0) log.info(`Queued ${result.added} sequence step mail(s)`);
      return result;
    },
  }),
  /**
   * One reading session of a connected mailbox (replies, bounces, complaints); it queues the next session as it
   * ends. The queue is stately: at most one session per mailbox runs, across all worker processes, and one waits.
   */
  'inbox.read': defineJob({
    payload: z.object({ accountId: z.number().int().positive() }),
    // The heartbeat frees the mailbox for another worker soon after a worker dies mid-session.
    policy: { policy: 'stately', retryLimit: 0, expireInSeconds: 900, heartbeatSeconds: 10 },
    // Sessions mostly wait for mail (IDLE): many mailboxes are read at once by one worker.
    concurrency: INBOX_SESSIONS_PER_WORKER,
    // A session queues the next as it ends, and its worker asks again at once: the poll only decides how soon a
    // newly linked mailbox (or one after a failure) is first read. Never longer than a session, which would
    // otherwise wait for it.
    pollSeconds: ({ services }) => Math.min(SCHEDULED_POLL_SECONDS, services.inboxReader.sessionSeconds),
    async run({ accountId }, { services }) {
      return services.inboxReader.run(accountId);
    },
  }),
  /** Starts a reading session for every connected mailbox that has none running or waiting; also run as each worker starts. */
  'inbox.schedule': defineJob({
    payload: z.object({}).passthrough(),
    policy: { retryLimit: 1, retryDelay: 30, expireInSeconds: 120 },
    cron: '* * * * *',
    pollSeconds: SCHEDULED_POLL_SECONDS,
    async run(_payload, { services }) {
      return { queued: await services.inboxReader.scheduleAll() };
    },
  }),
};

export type JobCatalogue = typeof jobCatalogue;
