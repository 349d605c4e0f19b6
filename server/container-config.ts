import type { SmtpTimeouts } from './adapters/mail/smtp-transport';
import type { Config } from './config';

/** The settings the services need (the process-level ones, port, role and data folder, stay in main). */
export type ContainerConfig = Pick<
  Config,
  | 'publicUrl'
  | 'secureCookies'
  | 'sessionSecret'
  | 'encryptionKey'
  | 'authRateLimitPerMinute'
  | 'trustProxy'
  | 'oauth'
  | 'aiModel'
  | 'aiTimeoutMs'
  | 'leadSources'
> &
  Partial<
    Pick<
      Config,
      | 'aiBaseUrl'
      | 'aiApiKey'
      | 'campaignStaleSendingMs'
      | 'inboxPollMs'
      | 'billing'
      | 'marketData'
      | 'leadFinderAllowLoopback'
      | 'dnsServers'
      | 'systemMail'
      | 'mailAllowPrivateHosts'
      | 'webhookAllowPrivateHosts'
      | 'adminEmail'
      | 'signup'
      | 'supportEmail'
      | 'clickLinkDays'
    >
  > & {
    /** How long a send waits for the mailbox's server (tests shorten it; the transports' own defaults otherwise). */
    mailTimeouts?: { smtp?: Partial<SmtpTimeouts>; apiCallMs?: number };
    /** How long reading one inbound message may take (decision 0055; tests shorten it). */
    inboundBudgetMs?: number;
  };
