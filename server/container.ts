import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { createLeadQualifier } from './adapters/ai/lead-qualifier/lead-qualifier';
import { createReplyReader } from './adapters/ai/reply-reader/reply-reader';
import { createReplySuggester } from './adapters/ai/reply-suggester/reply-suggester';
import { createStockAnalyst } from './adapters/ai/stock-analyst/create-stock-analyst';
import { createStrategyWriter } from './adapters/ai/strategy-writer/strategy-writer';
import { createEmailWriter } from './adapters/ai/writer/create-email-writer';
import { NodeDnsResolver } from './adapters/dns/dns-resolver';
import { createEmailFinder } from './adapters/lead-sources/create-email-finder';
import { createLeadSources } from './adapters/lead-sources/create-lead-sources';
import { ApiTransport, gmailApi, graphApi } from './adapters/mail/api-transport';
import { createBounceAddresses } from './adapters/mail/bounce-address';
import { GmailInbox } from './adapters/mail/gmail-inbox';
import { GraphInbox } from './adapters/mail/graph-inbox';
import { createMailHostGuard } from './adapters/mail/host-guard';
import { googleProvider, microsoftProvider } from './adapters/mail/oauth-provider';
import { createSystemMailer } from './adapters/mail/system-mailer';
import { createMarketData } from './adapters/market-data/create-market-data';
import { createWebhookSender } from './adapters/webhooks/webhook-sender';
import type { ContainerConfig } from './container-config';
import type { Database, DatabaseHandle } from './db/client';
import { type JobCatalogue, jobCatalogue } from './jobs/catalogue';
import { JobQueue } from './jobs/job-queue';
import { type Clock, systemClock } from './lib/clock';
import { createLinkTokens } from './lib/link-tokens';
import { createOperatorLog } from './lib/operator-log';
import { createRateLimiter } from './lib/rate-limiter';
import { SecretBox } from './lib/secret-box';
import { createAccountHealthService } from './modules/accounts/account-health.service';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createOAuthService } from './modules/accounts/oauth.service';
import { createAdminService } from './modules/admin/admin.service';
import { createInvitationsService } from './modules/admin/invitations.service';
import { createAiService } from './modules/ai/ai.service';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { createAuthService } from './modules/auth/auth.service';
import { createPasswordResetService } from './modules/auth/password-reset.service';
import { createSessionsService } from './modules/auth/sessions.service';
import { createSignUpPolicy } from './modules/auth/sign-up-policy';
import { createStripeApi } from './modules/billing/stripe-api';
import { createStripeWebhookService } from './modules/billing/stripe-webhook.service';
import { createSubscriptionService } from './modules/billing/subscription.service';
import { createCampaignsService } from './modules/campaigns/campaigns.service';
import { createCampaignBrakes } from './modules/campaigns/engine/brakes';
import { createCampaignSender, type Sleep, STALE_SENDING_MS } from './modules/campaigns/engine/run';
import { createSequenceAdvance } from './modules/campaigns/sequence-advance';
import { createInboundService } from './modules/inbound/inbound.service';
import { createInboxReader, DEFAULT_INBOX_POLL_MS } from './modules/inbound/inbox-reader';
import { createLeadFinderService } from './modules/lead-finder/lead-finder.service';
import { createLeadSearchRunner } from './modules/lead-finder/lead-search-runner';
import { createLeadByEmailService } from './modules/leads/lead-by-email.service';
import { createLeadsService } from './modules/leads/leads.service';
import { createMailDomainCheck } from './modules/leads/mail-domain-check';
import { createMeetingReceiversService } from './modules/meetings/meeting-receivers.service';
import { createResponsesService } from './modules/responses/responses.service';
import { createSendAllowance } from './modules/sending/send-allowance';
import { createTransportRegistry } from './modules/sending/transport-registry';
import { createMessageIds } from './modules/shared/message-id';
import { createStockTipsService } from './modules/stock-tips/stock-tips.service';
import { createStrategyService, STALE_GENERATING_MS } from './modules/strategy/strategy.service';
import { createTemplatesService } from './modules/templates/templates.service';
import { createTrackingService } from './modules/tracking/tracking.service';
import { createUnsubscribeService } from './modules/unsubscribe/unsubscribe.service';
import { createUsersService } from './modules/users/users.service';
import { createWebhookDisabledNotice } from './modules/webhooks/disabled-notice';
import { createWebhookDeliverer } from './modules/webhooks/webhook-delivery';
import { createWebhookEmitter, type EnqueueDeliveries } from './modules/webhooks/webhook-emitter';
import { createWebhooksService } from './modules/webhooks/webhooks.service';

export type { ContainerConfig };

export type ContainerOptions<Catalogue extends JobCatalogue> = {
  clock?: Clock;
  log?: FastifyBaseLogger;
  /** Whether this process runs job handlers, schedules and pg-boss maintenance (ROLE all or worker). */
  runsWorkers?: boolean;
  /** The job catalogue; tests extend the app's own. */
  catalogue?: Catalogue;
  /** How senders wait for their pace; tests step their clock instead. */
  sleep?: Sleep;
  /** Randomness of the pace's gaps (tests fix it). */
  random?: () => number;
};

export type Services = ReturnType<typeof createServices>;
export type Container<Catalogue extends JobCatalogue = JobCatalogue> = {
  config: ContainerConfig;
  db: Database;
  log: FastifyBaseLogger;
  jobs: JobQueue<Catalogue>;
  services: Services;
  /** Stops the job queue and closes mail connections; the database handle belongs to the caller. */
  close(): Promise<void>;
};

/**
 * The one composition root: builds every adapter and service once, from the configuration, for the HTTP app and
 * the workers alike. Services that enqueue get the typed job queue from here (campaigns enqueue their sending).
 */
export async function createContainer<Catalogue extends JobCatalogue = JobCatalogue>(
  config: ContainerConfig,
  database: DatabaseHandle,
  options: ContainerOptions<Catalogue> = {},
): Promise<Container<Catalogue>> {
  const log = options.log ?? pino({ level: 'silent' });
  const catalogue = options.catalogue ?? (jobCatalogue as unknown as Catalogue);
  const jobs = await JobQueue.start(database, catalogue, {
    runsWorkers: options.runsWorkers ?? false,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  const appJobs: JobQueue<JobCatalogue> = jobs;
  const services = createServices(
    config,
    database.db,
    { clock: options.clock ?? systemClock, sleep: options.sleep, random: options.random, log },
    {
      campaignSend: (campaignId) => appJobs.send('campaigns.send', { campaignId }),
      brakeNotice: (campaignId) => appJobs.send('campaigns.brake-notice', { campaignId }),
      inboxSession: (accountId, delaySeconds) =>
        appJobs.send(
          'inbox.read',
          { accountId },
          { singletonKey: `account-${accountId}`, startAfterSeconds: delaySeconds },
        ),
      leadSearch: (searchId) => appJobs.send('lead-finder.search', { searchId }),
      accountHealth: (accountId) => appJobs.send('accounts.health-check', { accountId }),
      webhookDeliveries: (runner, deliveries) =>
        appJobs.insertWith(
          runner,
          'webhooks.deliver',
          deliveries.map(({ deliveryId, key }) => ({ payload: { deliveryId }, singletonKey: key })),
        ),
    },
  );
  return {
    config,
    db: database.db,
    log,
    jobs,
    services,
    async close() {
      // Senders stop taking rows first, so the workers' graceful stop only waits for the mails in flight.
      services.campaignSender.stop();
      services.inboxReader.stop();
      await jobs.stop();
      services.transports.close();
      await services.inbound.close();
    },
  };
}

/** The jobs services enqueue, as plain functions (the catalogue's handlers use the services in turn). */
type Enqueue = {
  campaignSend(campaignId: number): Promise<unknown>;
  inboxSession(accountId: number, delaySeconds: number): Promise<unknown>;
  leadSearch(searchId: number): Promise<unknown>;
  brakeNotice(campaignId: number): Promise<unknown>;
  accountHealth(accountId: number): Promise<unknown>;
  webhookDeliveries: EnqueueDeliveries;
};

/** Where services get time and chance from: the system's, or a test's. */
type Ambient = { clock: Clock; sleep?: Sleep; random?: () => number; log: FastifyBaseLogger };

function createServices(config: ContainerConfig, db: Database, ambient: Ambient, enqueue: Enqueue) {
  const { clock, sleep: waitFor } = ambient;
  const staleSendingMs = config.campaignStaleSendingMs ?? STALE_SENDING_MS;
  const secrets = new SecretBox(config.encryptionKey);
  const oauthProviders = {
    outlook: microsoftProvider(config.oauth.microsoft, clock),
    gmail: googleProvider(config.oauth.google, clock),
  };
  const sessions = createSessionsService({ db, sessionSecret: config.sessionSecret, clock });
  // One resolver for every DNS question (lead finder, lead address checks, domain health, mail server hosts):
  // DNS_SERVERS applies to all.
  const dns = new NodeDnsResolver(config.dnsServers);
  const limiter = createRateLimiter({ db, clock, windowMs: 60_000, secret: config.sessionSecret });
  const mailHosts = createMailHostGuard({ resolver: dns, allowPrivate: config.mailAllowPrivateHosts ?? false });
  const allowance = createSendAllowance({ db, clock, random: ambient.random });
  const events = createOperatorLog(ambient.log);
  // Every change that users' webhooks hear of is queued through this, in the change's own transaction.
  const webhookEvents = createWebhookEmitter({ clock, enqueue: enqueue.webhookDeliveries });
  const transports = createTransportRegistry({
    events,
    webhookEvents,
    db,
    secrets,
    clock,
    smtpTimeouts: config.mailTimeouts?.smtp,
    mailHosts,
    apiTransport: (provider, tokens, save) =>
      new ApiTransport(
        tokens,
        oauthProviders[provider],
        provider === 'outlook' ? graphApi(config.oauth.microsoft.graphUrl) : gmailApi(config.oauth.google.gmailUrl),
        save,
        clock,
        config.mailTimeouts?.apiCallMs,
      ),
    apiInbox: (provider, tokens, save) =>
      provider === 'outlook'
        ? new GraphInbox(tokens, oauthProviders.outlook, config.oauth.microsoft.graphUrl, save, clock)
        : new GmailInbox(tokens, oauthProviders.gmail, config.oauth.google.gmailUrl, save, clock),
  });
  const accountHealth = createAccountHealthService({ db, clock, secrets, query: dns.query });
  const accounts = createAccountsService({
    events,
    db,
    secrets,
    clock,
    allowance,
    transports,
    mailHosts,
    limiter,
    health: accountHealth,
    startReading: (accountId) => enqueue.inboxSession(accountId, 0),
    checkHealthSoon: enqueue.accountHealth,
  });
  const linkTokens = createLinkTokens(config.sessionSecret);
  const bounceAddresses = createBounceAddresses(config.sessionSecret);
  const mailDomains = createMailDomainCheck({ db, clock, dns });
  const campaignBrakes = createCampaignBrakes({
    events,
    db,
    transports,
    publicUrl: config.publicUrl,
    enqueueNotice: enqueue.brakeNotice,
    webhookEvents,
  });
  const campaignSender = createCampaignSender({
    events,
    db,
    clock,
    allowance,
    transports,
    linkTokens,
    bounceAddresses,
    publicUrl: config.publicUrl,
    mailDomains,
    brakes: campaignBrakes,
    webhookEvents,
    staleSendingMs,
    sleep: ambient.sleep,
  });
  const campaigns = createCampaignsService({
    events,
    db,
    clock,
    enqueueSend: enqueue.campaignSend,
    staleSenderMs: staleSendingMs,
    webhookEvents,
  });
  const replyReader = createReplyReader(config);
  const inbound = createInboundService({
    events,
    db,
    clock,
    brakes: campaignBrakes,
    replyReader,
    bounceAddresses,
    classifyBudgetMs: config.inboundBudgetMs,
    webhookEvents,
    publicUrl: config.publicUrl,
  });
  const inboxReader = createInboxReader({
    db,
    clock,
    inbound,
    openInbox: (accountId) => transports.openInbox(accountId),
    sessionMs: config.inboxPollMs ?? DEFAULT_INBOX_POLL_MS,
    enqueueSession: enqueue.inboxSession,
    noteOwnMail: accountHealth.noteOwnMail,
    webhookEvents,
  });
  const { billing } = config;
  const stripe = billing?.stripeSecretKey ? createStripeApi(billing.stripeSecretKey, billing.stripeApiUrl) : null;
  const strategies = createStrategyService({
    db,
    clock,
    writer: createStrategyWriter(config),
    staleGeneratingMs: Math.max(STALE_GENERATING_MS, 2 * config.aiTimeoutMs),
  });
  const leads = createLeadsService({ db, webhookEvents });
  const leadSources = createLeadSources({ ...config.leadSources, publicUrl: config.publicUrl }, db, clock);
  const systemMailer = config.systemMail ? createSystemMailer(config.systemMail) : null;
  const webhooks = createWebhooksService({
    db,
    clock,
    secrets,
    resolver: dns,
    allowPrivateHosts: config.webhookAllowPrivateHosts ?? false,
    enqueue: enqueue.webhookDeliveries,
  });
  const noticeWebhookDisabled = createWebhookDisabledNotice({
    db,
    publicUrl: config.publicUrl,
    systemMailer,
    transports,
  });
  const webhookDeliverer = createWebhookDeliverer({
    db,
    clock,
    secrets,
    sender: createWebhookSender({ resolver: dns, allowPrivate: config.webhookAllowPrivateHosts ?? false }),
    async noticeDisabled(userId, url, reason) {
      await noticeWebhookDisabled(userId, url, reason).catch((error: Error) =>
        ambient.log.warn({ err: error }, 'the notice of a turned-off webhook endpoint was not sent'),
      );
    },
  });
  const signUpMode = config.signup ?? 'open';
  const signUp = createSignUpPolicy({
    db,
    clock,
    mode: signUpMode,
    adminEmail: config.adminEmail,
    tokenSecret: config.sessionSecret,
    publicUrl: config.publicUrl,
  });
  return {
    clock,
    sessions,
    allowance,
    transports,
    accounts,
    accountHealth,
    mailDomains,
    campaignBrakes,
    campaignSender,
    campaigns,
    sequences: createSequenceAdvance({ db, clock, enqueueSend: enqueue.campaignSend, webhookEvents, events }),
    inbound,
    inboxReader,
    replyReader,
    responses: createResponsesService({
      db,
      clock,
      allowance,
      transports,
      suggester: createReplySuggester(config),
      writingStyle: strategies.writingStyle,
      staleSendingMs,
      messageIds: createMessageIds(linkTokens),
    }),
    unsubscribe: createUnsubscribeService({ db, linkTokens, webhookEvents }),
    tracking: createTrackingService({
      db,
      clock,
      linkTokens,
      clickLinkDays: config.clickLinkDays ?? 180,
      webhookEvents,
    }),
    limiter,
    apiKeys: createApiKeysService({ db, clock }),
    webhookEvents,
    webhooks,
    webhookDeliverer,
    meetingReceivers: createMeetingReceiversService({
      db,
      clock,
      secrets,
      publicUrl: config.publicUrl,
      webhookEvents,
    }),
    leadByEmail: createLeadByEmailService({ db, webhookEvents }),
    signUp,
    auth: createAuthService({
      db,
      sessions,
      limiter,
      clock,
      signUp,
      attemptsPerMinute: config.authRateLimitPerMinute,
    }),
    passwordReset: createPasswordResetService({
      db,
      clock,
      sessions,
      limiter,
      attemptsPerMinute: config.authRateLimitPerMinute,
      tokenSecret: config.sessionSecret,
      publicUrl: config.publicUrl,
      mailer: systemMailer,
      log: ambient.log,
    }),
    users: createUsersService({ db, clock }),
    subscriptions: createSubscriptionService({ db, clock, billing, stripe, supportEmail: config.supportEmail }),
    stripeWebhooks: createStripeWebhookService({ db, clock, webhookSecret: billing?.stripeWebhookSecret, stripe }),
    leads,
    leadFinder: createLeadFinderService({ db, clock, leads, enqueueSearch: enqueue.leadSearch }),
    leadSearchRunner: createLeadSearchRunner({
      events,
      db,
      clock,
      ...leadSources,
      emailFinder: createEmailFinder(
        {
          allowLoopback: config.leadFinderAllowLoopback ?? false,
          dnsServers: config.dnsServers,
          userAgent: `LocalReach lead finder (+${config.publicUrl})`,
        },
        dns,
      ),
      qualifier: createLeadQualifier(config),
    }),
    templates: createTemplatesService({ db, clock }),
    oauth: createOAuthService({
      db,
      publicUrl: config.publicUrl,
      providers: oauthProviders,
      sessions,
      accounts,
      clock,
    }),
    ai: createAiService({ writer: createEmailWriter(config), config, writingStyle: strategies.writingStyle }),
    strategies,
    analytics: createAnalyticsService({ db, clock }),
    stockTips: createStockTipsService({
      db,
      clock,
      marketData: createMarketData(config.marketData),
      analyst: createStockAnalyst(config),
      sleep: waitFor && ((ms) => waitFor(ms, new AbortController().signal)),
    }),
    admin: createAdminService({
      db,
      clock,
      sessions,
      allowance,
      billingConfigured: stripe !== null,
      invitations: createInvitationsService({
        db,
        clock,
        signUp: signUpMode,
        tokenSecret: config.sessionSecret,
        publicUrl: config.publicUrl,
        mailer: systemMailer,
        limiter,
        attemptsPerMinute: config.authRateLimitPerMinute,
        log: ambient.log,
      }),
    }),
  };
}
