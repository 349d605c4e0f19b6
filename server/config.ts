import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { LeadSourcesConfig } from './adapters/lead-sources/create-lead-sources';
import type { MarketDataConfig } from './adapters/market-data/create-market-data';
import { ensureOwnerOnlyDataDir } from './lib/owner-only-data-dir';

const DEFAULT_DATA_DIR = './data';

const envSchema = z
  .object({
    PORT: z.coerce.number({ error: 'must be a port number from 1 to 65535' }).int().min(1).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://reach.example.com' }).optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
    ROLE: z.enum(['all', 'web', 'worker']).default('all'),
    TRUST_PROXY: z
      .string()
      .trim()
      .refine((value) => trustProxyFrom(value) !== undefined, {
        error:
          'must be the number of proxies in front of LocalReach (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8); ' +
          '"true" would believe any X-Forwarded-For header, so it is not accepted',
      })
      .default('false'),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    AI_BASE_URL: z
      .url({ error: 'must be the URL of an OpenAI-compatible API, e.g. http://localhost:11434/v1' })
      .optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    CAMPAIGN_STALE_SENDING_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    INBOX_POLL_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    MS_CLIENT_ID: z.string().optional(),
    MS_CLIENT_SECRET: z.string().optional(),
    MS_TENANT: z.string().min(1).default('common'),
    MS_LOGIN_URL: z.url().default('https://login.microsoftonline.com'),
    MS_GRAPH_URL: z.url().default('https://graph.microsoft.com/v1.0'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GMAIL_API_URL: z.url().default('https://gmail.googleapis.com'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_PAYMENT_LINK: z.url({ error: 'must be a Stripe Payment Link such as https://buy.stripe.com/…' }).optional(),
    STRIPE_API_URL: z.url().default('https://api.stripe.com'),
    BILLING_CONTACT: z.string().optional(),
    MARKET_DATA_PROVIDER: z.enum(['alphavantage', 'sample']).optional(),
    MARKET_DATA_API_KEY: z.string().optional(),
    MARKET_DATA_URL: z.url().default('https://www.alphavantage.co'),
    NOMINATIM_URL: z.url().default('https://nominatim.openstreetmap.org'),
    OVERPASS_URL: z.url().default('https://overpass-api.de/api/interpreter'),
    GOOGLE_PLACES_API_KEY: z.string().optional(),
    GOOGLE_PLACES_URL: z.url().default('https://places.googleapis.com'),
    LEAD_FINDER_ALLOW_LOOPBACK: z.enum(['0', '1'], { error: 'must be 1 (tests only) or 0' }).default('0'),
    DNS_SERVERS: z
      .string()
      .regex(/^[^,\s]+(\s*,\s*[^,\s]+)*$/, 'must be DNS server addresses separated by commas, e.g. 1.1.1.1,9.9.9.9:53')
      .optional(),
    SYSTEM_SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must be an SMTP URL such as smtp://user:pass@smtp.example.com:587')
      .optional(),
    SYSTEM_MAIL_FROM: z.string().min(3).optional(),
    MAIL_ALLOW_PRIVATE_HOSTS: z
      .enum(['0', '1'], { error: 'must be 1 (a mail server on this host or its private network) or 0' })
      .default('0'),
    WEBHOOK_ALLOW_PRIVATE_HOSTS: z
      .enum(['0', '1'], { error: 'must be 1 (webhook receivers on this host or its private network) or 0' })
      .default('0'),
    ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    SIGNUP: z.enum(['open', 'invite', 'closed'], { error: 'must be open, invite or closed' }).default('open'),
    CLICK_LINK_DAYS: z.coerce
      .number({ error: 'must be a number of days from 1 to 3650' })
      .int({ error: 'must be a number of days from 1 to 3650' })
      .min(1, { error: 'must be a number of days from 1 to 3650' })
      .max(3650, { error: 'must be a number of days from 1 to 3650' })
      .default(180),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => env.MARKET_DATA_PROVIDER !== 'alphavantage' || env.MARKET_DATA_API_KEY, {
    path: ['MARKET_DATA_API_KEY'],
    message:
      'MARKET_DATA_PROVIDER=alphavantage needs an API key (free at https://www.alphavantage.co/support/#api-key)',
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  secureCookies: boolean;
  sessionSecret: string;
  encryptionKey: Buffer;
  role: 'all' | 'web' | 'worker';
  /** Which proxies' X-Forwarded-For is believed: none, the nearest N hops, or these addresses/CIDRs (Fastify's trustProxy). */
  trustProxy: TrustProxy;
  authRateLimitPerMinute: number;
  logLevel: string;
  aiBaseUrl: string | undefined;
  aiApiKey: string | undefined;
  aiModel: string;
  aiTimeoutMs: number;
  /** A mail left `sending` this long belongs to a sender that died; a campaign unseen this long lost its sender. */
  campaignStaleSendingMs: number;
  /** How long one reading of a mailbox lasts (IMAP IDLE wakes it at once), and how often APIs are polled. */
  inboxPollMs: number;
  oauth: OAuthConfig;
  billing: BillingConfig;
  /** Where stock tips get their quotes: Alpha Vantage with a key, else the bundled sample. */
  marketData: MarketDataConfig;
  /** Where the lead finder finds businesses: OpenStreetMap (Nominatim, Overpass), and Google Places with a key. */
  leadSources: Omit<LeadSourcesConfig, 'publicUrl'>;
  /** The lead finder may fetch websites on loopback addresses (tests only; never in production). */
  leadFinderAllowLoopback: boolean;
  /** DNS servers (host:port) for every DNS question; the system's when unset. */
  dnsServers: string[] | undefined;
  /** The installation's own mailbox for mail to users (password reset links); unset: none is sent. */
  systemMail: SystemMailConfig | undefined;
  /** Mailboxes may be on loopback or private addresses (a mail server on this host or network); never metadata ones. */
  mailAllowPrivateHosts: boolean;
  /** Webhook endpoints may be on loopback or private addresses (a receiver beside LocalReach); never metadata ones. */
  webhookAllowPrivateHosts: boolean;
  /** When set, only this address becomes the administrator (whenever it registers), not the first sign-up. */
  adminEmail: string | undefined;
  /** Who may create an account: anyone, only people an administrator invited, or nobody. */
  signup: SignupMode;
  /** Where users write for help (Help, Settings, a password they cannot reset, billing); unset: their administrator. */
  supportEmail: string | undefined;
  /** How long the click links of a sent mail keep redirecting. */
  clickLinkDays: number;
};

export type SignupMode = 'open' | 'invite' | 'closed';
/** Fastify's `trustProxy` in the forms LocalReach accepts: off, a hop count, or proxy addresses and CIDRs. */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY as Fastify takes it, or undefined when it is not one of the accepted forms: `false`/`0` (no proxy), a
 * hop count (a number, which Fastify reads as "trust the nearest N"), or addresses and CIDRs separated by commas.
 */
export function trustProxyFrom(value: string): TrustProxy | undefined {
  if (value === 'false' || value === '0') return false;
  if (/^[1-9][0-9]?$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

/** An IPv4 or IPv6 address, optionally with a /prefix, or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !isIP(address)) return false;
  if (prefix === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (isIP(address) === 4 ? 32 : 128);
}

/** SYSTEM_SMTP_URL and the From of the mails sent through it. */
export type SystemMailConfig = { smtpUrl: string; from: string };

/** Stripe (each part optional: without it, billing is not set up and statuses are set by hand). */
export type BillingConfig = {
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Where Subscribe sends the user (a Stripe Payment Link). */
  stripePaymentLink?: string;
  /** Stripe's API (overridden only in tests). */
  stripeApiUrl: string;
  /** Whom to ask about billing; the first administrator's email when unset. */
  contact?: string;
};

/** Client credentials and endpoints for the two sign-in providers (endpoints are overridable for tests). */
export type OAuthConfig = {
  microsoft: { clientId?: string; clientSecret?: string; tenant: string; loginUrl: string; graphUrl: string };
  google: { clientId?: string; clientSecret?: string; authUrl: string; tokenUrl: string; gmailUrl: string };
};

export class ConfigError extends Error {}

/** Reads and validates the environment; every problem is listed at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  ensureOwnerOnlyDataDir(dataDir);
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    sessionSecret: values.SESSION_SECRET ?? persistedSecret(dataDir, SECRET_FILES.sessionSecret, 32),
    encryptionKey: Buffer.from(
      values.ENCRYPTION_KEY ?? persistedSecret(dataDir, SECRET_FILES.encryptionKey, 32),
      'hex',
    ),
    role: values.ROLE,
    trustProxy: trustProxyFrom(values.TRUST_PROXY) ?? false,
    authRateLimitPerMinute: values.AUTH_RATE_LIMIT_PER_MINUTE,
    logLevel: values.LOG_LEVEL,
    aiBaseUrl: values.AI_BASE_URL,
    aiApiKey: values.AI_API_KEY,
    aiModel: values.AI_MODEL,
    aiTimeoutMs: values.AI_TIMEOUT_MS,
    campaignStaleSendingMs: values.CAMPAIGN_STALE_SENDING_SECONDS * 1000,
    inboxPollMs: values.INBOX_POLL_SECONDS * 1000,
    oauth: {
      microsoft: {
        clientId: values.MS_CLIENT_ID,
        clientSecret: values.MS_CLIENT_SECRET,
        tenant: values.MS_TENANT,
        loginUrl: values.MS_LOGIN_URL.replace(/\/+$/, ''),
        graphUrl: values.MS_GRAPH_URL.replace(/\/+$/, ''),
      },
      google: {
        clientId: values.GOOGLE_CLIENT_ID,
        clientSecret: values.GOOGLE_CLIENT_SECRET,
        authUrl: values.GOOGLE_AUTH_URL,
        tokenUrl: values.GOOGLE_TOKEN_URL,
        gmailUrl: values.GMAIL_API_URL.replace(/\/+$/, ''),
      },
    },
    billing: {
      stripeSecretKey: values.STRIPE_SECRET_KEY,
      stripeWebhookSecret: values.STRIPE_WEBHOOK_SECRET,
      stripePaymentLink: values.STRIPE_PAYMENT_LINK,
      stripeApiUrl: values.STRIPE_API_URL.replace(/\/+$/, ''),
      contact: values.BILLING_CONTACT,
    },
    marketData: {
      provider: values.MARKET_DATA_PROVIDER ?? (values.MARKET_DATA_API_KEY ? 'alphavantage' : 'sample'),
      apiKey: values.MARKET_DATA_API_KEY,
      url: values.MARKET_DATA_URL.replace(/\/+$/, ''),
    },
    leadSources: {
      nominatimUrl: values.NOMINATIM_URL.replace(/\/+$/, ''),
      overpassUrl: values.OVERPASS_URL,
      googlePlacesApiKey: values.GOOGLE_PLACES_API_KEY,
      googlePlacesUrl: values.GOOGLE_PLACES_URL.replace(/\/+$/, ''),
    },
    leadFinderAllowLoopback: values.LEAD_FINDER_ALLOW_LOOPBACK === '1',
    dnsServers: values.DNS_SERVERS?.split(',').map((server) => server.trim()),
    systemMail: values.SYSTEM_SMTP_URL
      ? {
          smtpUrl: values.SYSTEM_SMTP_URL,
          from: values.SYSTEM_MAIL_FROM ?? systemSender(values.SYSTEM_SMTP_URL, publicUrl),
        }
      : undefined,
    mailAllowPrivateHosts: values.MAIL_ALLOW_PRIVATE_HOSTS === '1',
    webhookAllowPrivateHosts: values.WEBHOOK_ALLOW_PRIVATE_HOSTS === '1',
    adminEmail: values.ADMIN_EMAIL?.toLowerCase(),
    signup: values.SIGNUP,
    supportEmail: values.SUPPORT_EMAIL,
    clickLinkDays: values.CLICK_LINK_DAYS,
  };
}

/** The system mailbox's address: its SMTP user when that is an address, else no-reply at the public host. */
function systemSender(smtpUrl: string, publicUrl: string): string {
  const user = decodeURIComponent(new URL(smtpUrl).username);
  return `LocalReach <${user.includes('@') ? user : `no-reply@${new URL(publicUrl).hostname}`}>`;
}

/** DATA_DIR as the server finds it, for the commands that work on it without starting the app (backup, restore). */
export function dataDirFrom(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR);
}

/**
 * The files in DATA_DIR that hold the secrets generated for SESSION_SECRET (which also signs the unsubscribe and
 * tracking links of mails sent) and ENCRYPTION_KEY (mailbox credentials) when the environment does not set them.
 */
export const SECRET_FILES = { sessionSecret: 'session-secret', encryptionKey: 'encryption-key' } as const;

/** A secret generated once into DATA_DIR, so restarts keep sessions and encrypted data readable. */
function persistedSecret(dataDir: string, name: string, bytes: number): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(bytes).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
