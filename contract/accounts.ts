import { z } from 'zod';
import { accountHealthSchema } from './domain-health';
import { emailSchema } from './email-schema';

/** docs/product.md §3: default daily sending limit per account. */
export const DEFAULT_DAILY_LIMIT = 300;
/** The most a mailbox may be set to send in a day. */
export const MAX_DAILY_LIMIT = 10_000;

/** Beyond the product rules: an account's pace, mails a minute, its default and its bounds. */
export const DEFAULT_SENDS_PER_MINUTE = 30;
export const MAX_SENDS_PER_MINUTE = 1000;

export const providerSchema = z.enum(['outlook', 'gmail', 'smtp']);
export type Provider = z.infer<typeof providerSchema>;

export const accountStatusSchema = z.enum(['active', 'rate_limited', 'error', 'disconnected']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** How the last reading of the mailbox for replies went; both null before its first reading. */
export const accountRepliesSchema = z.object({
  /** When the mailbox was last read without error (or, before any good reading, first tried). */
  lastReadAt: z.string().nullable(),
  /** Why the last reading failed (e.g. the IMAP server's login answer); null once a reading succeeds. */
  lastError: z.string().nullable(),
});
export type AccountReplies = z.infer<typeof accountRepliesSchema>;

/** Where a new mailbox is on its warm-up ramp today (contract/warmup.ts); day and fullFromDay are null when warm. */
export const accountWarmupSchema = z.object({
  enabled: z.boolean(),
  day: z.number().int().nullable(),
  limitToday: z.number().int(),
  fullFromDay: z.number().int().nullable(),
});
export type AccountWarmup = z.infer<typeof accountWarmupSchema>;

export const emailAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string().nullable(),
  provider: providerSchema,
  status: accountStatusSchema,
  /** Why the status is error (e.g. the server's authentication answer). */
  statusReason: z.string().nullable(),
  sentToday: z.number().int(),
  dailyLimit: z.number().int(),
  /** Today's limit after warm-up: what the engine lets the account send today. */
  effectiveDailyLimit: z.number().int(),
  warmup: accountWarmupSchema,
  /** The most mails a minute the account sends, with random gaps between them. */
  sendsPerMinute: z.number().int(),
  /** The user's local date (YYYY-MM-DD) the counter was last reset on, or null before the first send. */
  lastResetDate: z.string().nullable(),
  createdAt: z.string(),
  connectionId: z.number().int(),
  /** Whether the mailbox is read for replies and bounces: false for one connected over SMTP without IMAP. */
  readsReplies: z.boolean(),
  replies: accountRepliesSchema,
  /** The sending domain's health, null until its first check (queued when the account is linked). */
  health: accountHealthSchema.nullable(),
});
export type EmailAccount = z.infer<typeof emailAccountSchema>;

export const accountStatsSchema = z.object({ emailsSentToday: z.number().int(), emailsSentThisWeek: z.number().int() });
export type AccountStats = z.infer<typeof accountStatsSchema>;

export const providerConnectionSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  provider: providerSchema,
  /** Already linked to an account (docs/product.md §2: shown disabled, "Already linked"). */
  linked: z.boolean(),
});
export type ProviderConnection = z.infer<typeof providerConnectionSchema>;

const host = z
  .string({ error: 'Host is required' })
  .trim()
  .min(1, { error: 'Host is required' })
  .max(253)
  .regex(/^[a-zA-Z0-9.\-:[\]]+$/, { error: 'Enter a host name such as smtp.example.com' });
const port = z.number({ error: 'Port must be a number' }).int().min(1).max(65535);

export const serverSettingsSchema = z.object({
  host,
  port,
  /** true: TLS from the first byte (465, 993); false: plain, upgraded with STARTTLS when offered. */
  secure: z.boolean(),
  /**
   * With `secure` false, false keeps the connection plain even when the server offers STARTTLS (security "None",
   * a local relay): the password then travels in clear text. Left out (as in credentials stored before it), the
   * connection is upgraded when offered.
   */
  starttls: z.boolean().optional(),
  user: z.string({ error: 'User name is required' }).trim().min(1, { error: 'User name is required' }).max(320),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1000),
});
export type ServerSettings = z.infer<typeof serverSettingsSchema>;

/** The usual port for each way of securing a connection: TLS from the first byte, STARTTLS, or none (plain). */
export const USUAL_PORTS = {
  smtp: { secure: 465, starttls: 587, plain: 25 },
  imap: { secure: 993, starttls: 143, plain: 143 },
} as const;

/**
 * IMAP settings with what was left out filled in: the SMTP host, user and password, on port 993 with TLS (143 when
 * TLS is turned off). The connect dialog's "Same as SMTP" and the server both follow this.
 */
export function imapSettingsWithDefaults(smtp: ServerSettings, imap: Partial<ServerSettings> = {}): ServerSettings {
  const secure = imap.secure ?? true;
  return {
    host: imap.host || smtp.host,
    port: imap.port ?? (secure ? USUAL_PORTS.imap.secure : USUAL_PORTS.imap.starttls),
    secure,
    ...(imap.starttls !== undefined && { starttls: imap.starttls }),
    user: imap.user || smtp.user,
    password: imap.password || smtp.password,
  };
}

/**
 * POST /api/email-accounts/smtp. Without `imap` the mailbox only sends: SMTP alone is proven and stored, and replies
 * and bounces are not read from it. IMAP settings left out of a given `imap` default to the SMTP host,
 * user and password.
 */
export const smtpConnectRequestSchema = z.object({
  email: emailSchema('Enter a valid email address'),
  displayName: z.string().trim().max(200).nullish(),
  smtp: serverSettingsSchema,
  imap: serverSettingsSchema.partial().optional(),
  /** false: the mailbox is already warm and skips the warm-up ramp. */
  warmupEnabled: z.boolean().optional(),
});
export type SmtpConnectRequest = z.input<typeof smtpConnectRequestSchema>;

export const connectFromIntegrationSchema = z.object({
  connectionId: z.number({ error: 'Please select a connection' }).int(),
  displayName: z.string().trim().max(200).nullish(),
});
export type ConnectFromIntegrationRequest = z.input<typeof connectFromIntegrationSchema>;

export const updateAccountSchema = z.object({
  displayName: z.string().trim().max(200).nullish(),
  dailyLimit: z
    .number()
    .int()
    .min(1, { error: 'The daily limit must be at least 1' })
    .max(MAX_DAILY_LIMIT, { error: `The daily limit can be at most ${MAX_DAILY_LIMIT.toLocaleString('en-US')}` })
    .optional(),
  sendsPerMinute: z
    .number()
    .int()
    .min(1, { error: 'The pace must be at least 1 email a minute' })
    .max(MAX_SENDS_PER_MINUTE, { error: `The pace can be at most ${MAX_SENDS_PER_MINUTE} emails a minute` })
    .optional(),
  /** false marks the mailbox as already warm; true starts the ramp again at day 1 today. */
  warmupEnabled: z.boolean().optional(),
});
export type UpdateAccountRequest = z.input<typeof updateAccountSchema>;

export const testEmailRequestSchema = z.object({
  to: emailSchema('Enter a valid email address'),
});
export type TestEmailRequest = z.input<typeof testEmailRequestSchema>;

export const testEmailResponseSchema = z.object({ message: z.string(), messageId: z.string() });
export type TestEmailResponse = z.infer<typeof testEmailResponseSchema>;

export const authUrlResponseSchema = z.object({ authUrl: z.string() });

const providerStatusSchema = z.object({
  configured: z.boolean(),
  /** The address the provider sends the browser back to (built from PUBLIC_URL); register it with the provider. */
  redirectUri: z.string(),
});

/** GET /api/email-accounts/providers: which sign-in flows this install has credentials for. */
export const providersStatusSchema = z.object({ outlook: providerStatusSchema, gmail: providerStatusSchema });
export type ProvidersStatus = z.infer<typeof providersStatusSchema>;
