import { and, eq, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { STEP_CONDITIONS } from '../../../contract/campaigns';
import { emailAccounts } from './accounts';
import { leads } from './leads';
import { ownedRowColumns } from './owned-row';
import { templates } from './templates';
import { users } from './users';

export const CAMPAIGN_STATUSES = ['running', 'paused', 'completed', 'failed'] as const;
export const SEQUENCE_CADENCES = ['weekly', 'monthly'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** One mass send: a template to chosen leads from one mailbox. Its counts are read from its recipient rows. */
export const campaigns = pgTable(
  'campaigns',
  {
    ...ownedRowColumns(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => emailAccounts.id, { onDelete: 'set null' }),
    templateId: bigint('template_id', { mode: 'number' }).references(() => templates.id, { onDelete: 'set null' }),
    /** Inbox rotation: every mailbox the campaign may send from (accountId first); empty means accountId alone. */
    accountIds: bigint('account_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    /** Open pixel and rewritten links in every mail; off means neither. */
    trackingEnabled: boolean('tracking_enabled').notNull().default(true),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('running'),
    /** Set for a sequence (several steps, one after another): its default spacing. Null: a single mail. */
    cadence: text('cadence', { enum: SEQUENCE_CADENCES }),
    /** Lead ids asked for that will not be mailed (not the user's, unsubscribed, bounced, mailed this week...). */
    emailsSkipped: integer('emails_skipped').notNull().default(0),
    errorMessage: text('error_message'),
    /** Why a running campaign is not sending right now (a daily limit, a pause), for the progress card. */
    waitingReason: text('waiting_reason'),
    /** The automatic brake that paused the campaign, null when none did: resuming asks to confirm. */
    brake: text('brake', { enum: ['bounces', 'complaints', 'block'] }),
    /** Mails sent before this count no more toward the brakes: set when the user resumes a braked campaign. */
    brakeWindowFrom: timestamp('brake_window_from', { withTimezone: true }),
    /** A sender's last sign of life: a running campaign not seen for a while lost its sender (a crash). */
    senderSeenAt: timestamp('sender_seen_at', { withTimezone: true }),
    /** When the campaign's queued run is due (after a daily limit or a retry wait). */
    senderDueAt: timestamp('sender_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('campaigns_user_created_idx').on(table.userId, table.createdAt.desc())],
);

/** A step variant: another subject and body for the step's template (A/B testing). */
export type StepVariant = { subject: string; body: string };

/**
 * One step of a sequence: which template goes, how long after the lead got the previous step, whether as a reply in
 * the previous step's thread, and its variants. Step 1 is the campaign's own template and goes at once.
 */
export const campaignSteps = pgTable(
  'campaign_steps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    templateId: bigint('template_id', { mode: 'number' }).references(() => templates.id, { onDelete: 'set null' }),
    delayDays: integer('delay_days').notNull().default(0),
    sameThread: boolean('same_thread').notNull().default(false),
    variants: jsonb('variants').$type<StepVariant[]>().notNull().default([]),
    /** When the step goes, by what the lead did with the previous mail they got (contract STEP_CONDITIONS). */
    condition: text('condition', { enum: STEP_CONDITIONS }).notNull().default('always'),
  },
  (table) => [uniqueIndex('campaign_steps_campaign_position_idx').on(table.campaignId, table.position)],
);

/** What a sent-mail row is: a campaign mail to a lead, a test mail, or an answer to a prospect. */
export const OUTBOUND_KINDS = ['campaign', 'test', 'reply'] as const;

export const RECIPIENT_STATES = ['pending', 'sending', 'sent', 'failed', 'skipped', 'unknown'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/**
 * One outgoing mail, the one record of what was sent (campaign mails, test mails, replies): the truth about it. A mail goes out only from a row committed as `sending`, and the row
 * is committed `sent` as soon as the mailbox accepts it; a row found `sending` later (a crash mid-send) becomes
 * `unknown` and is never sent again without the user asking.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: OUTBOUND_KINDS }).notNull().default('campaign'),
    /** Set for campaign mails. */
    campaignId: bigint('campaign_id', { mode: 'number' }).references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set for mails to a lead (campaign mails, replies). */
    leadId: bigint('lead_id', { mode: 'number' }).references(() => leads.id, { onDelete: 'cascade' }),
    /** The mailbox the mail went (or goes) out through: with inbox rotation, chosen when it is sent. */
    accountId: bigint('account_id', { mode: 'number' }).references(() => emailAccounts.id, { onDelete: 'set null' }),
    /** The address mailed when it is not a lead's (test mails). */
    toAddress: text('to_address'),
    state: text('state', { enum: RECIPIENT_STATES }).notNull().default('pending'),
    /** The sequence step this mail is (1 for a single-mail campaign). */
    step: integer('step').notNull().default(1),
    /** Which of the step's versions the lead gets: 0 the template, 1 and 2 its variants; fixed when the row is made. */
    variant: integer('variant').notNull().default(0),
    /** The template of a later sequence step (null: the campaign's own template). */
    templateId: bigint('template_id', { mode: 'number' }).references(() => templates.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    subject: text('subject'),
    /** The ISO week (e.g. 2026-W48) of the user's local calendar the mail went out in. */
    sentWeek: text('sent_week'),
    /** The template's campaign week (1 to 52) when the mail went out: the dashboard's "sent weeks". */
    weekNumber: integer('week_number'),
    /** A reply's text as sent (campaign mails are read from their template; replies have none). */
    bodyText: text('body_text'),
    /** For a reply: the prospect's message it answers (inbound_messages.id; no key, both go with the lead). */
    inboundId: bigint('inbound_id', { mode: 'number' }),
    /** When the lead answered this mail (filled by the replies reader). */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** When the mail hard-bounced (a 5.1.x answer, at the send or in a bounce report): the bounce brake counts these. */
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    // Kept by database triggers (migration 0015) for the figures and their rollups; never written by the app.
    /** A person (not a machine) opened or clicked the mail. */
    humanOpened: boolean('human_opened').notNull().default(false),
    /** A person clicked a link in the mail. */
    humanClicked: boolean('human_clicked').notNull().default(false),
    /** Hits of privacy proxies and link scanners on the mail, left out of the figures. */
    machineEvents: integer('machine_events').notNull().default(0),
    /** The lead's first delivered campaign mail: where the lead counts as mailed for the conversion rate. */
    leadFirst: boolean('lead_first').notNull().default(false),
    /** On the lead's first mail: the lead answered one of its campaign mails. */
    leadReplied: boolean('lead_replied').notNull().default(false),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a sequence step was skipped for the lead by its condition: the next step's delay counts from it. */
    conditionSkippedAt: timestamp('condition_skipped_at', { withTimezone: true }),
    /**
     * The hosts of the tracked links in the mail as it went, set with `sent`: its click links lead only there
     * (decision 0059). Null for mails sent before it was kept, and with tracking off.
     */
    linkHosts: text('link_hosts').array(),
    /** Tracking hits past the mail's ceiling of stored events (tracking.service.ts): counted here, not stored. */
    hitsNotStored: integer('hits_not_stored').notNull().default(0),
  },
  (table) => [
    uniqueIndex('campaign_recipients_campaign_lead_step_idx').on(table.campaignId, table.leadId, table.step),
    index('campaign_recipients_campaign_state_idx').on(table.campaignId, table.state, table.id),
    index('campaign_recipients_lead_idx').on(table.leadId, table.sentWeek),
    // The dashboard's figures count a user's rows.
    index('campaign_recipients_user_state_idx').on(table.userId, table.state),
    // An account's sent volume (today, this week) reads its user's sent rows by time.
    index('campaign_recipients_user_sent_idx').on(table.userId, table.sentAt).where(sql`state = 'sent'`),
    // Rows left `sending` by a crash are found without a scan.
    index('campaign_recipients_sending_idx').on(table.claimedAt).where(sql`state = 'sending'`),
  ],
);

export const TRACKING_EVENT_KINDS = ['open', 'click'] as const;

/**
 * An open (the pixel was fetched) or a click (a rewritten link was followed) of one sent mail. Every hit is kept;
 * hits from mail-privacy proxies and link scanners are flagged `machine` with the rule that caught them, and the
 * figures count only the others.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    ...ownedRowColumns(),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => campaignRecipients.id, { onDelete: 'cascade' }),
    /** The mail's lead, copied by a trigger (migration 0016), so meetings count leads without reading each mail. */
    leadId: bigint('lead_id', { mode: 'number' }),
    kind: text('kind', { enum: TRACKING_EVENT_KINDS }).notNull(),
    /** The link followed (clicks). */
    url: text('url'),
    machine: boolean('machine').notNull().default(false),
    /** Which rule flagged the hit as a machine's (a bot user agent, a scanner's address, too soon after sending). */
    machineReason: text('machine_reason'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many hits the event stands for: the repeats from its address within its minute are counted, not stored. */
    hits: integer('hits').notNull().default(1),
    /** The minute of its first hit: with its mail, kind, address and link, the event's key (null before keys). */
    minute: timestamp('minute', { withTimezone: true }),
  },
  (table) => [
    index('tracking_events_recipient_idx').on(table.recipientId, table.kind),
    // One event per mail, kind, address, link and minute (decision 0059): a repeat adds to `hits` instead. The
    // link by its hash, which fits an index whatever the URL's length.
    uniqueIndex('tracking_events_minute_idx')
      .on(table.recipientId, table.kind, table.ipAddress, sql`coalesce(md5(url), '')`, table.minute)
      .where(sql`minute IS NOT NULL`),
    index('tracking_events_user_idx').on(table.userId, table.kind, table.machine),
    // A person's clicks by the page they lead to (campaigns/meetings.ts `pageOf`, the same expression): meetings
    // booked look up the clicks on the user's booking pages instead of reading every click.
    index('tracking_events_user_click_page_idx')
      .on(
        table.userId,
        sql`(lower(substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*'))
    || rtrim(substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^?#]*)'), '/'))`,
      )
      .where(sql`kind = 'click' AND NOT machine`),
  ],
);

/**
 * Every mail a lead was sent, read from the campaign rows (the one source of what was sent): the lead history, the
 * sent weeks and template performance read this.
 */
export const sentEmails = pgView('sent_emails').as((qb) =>
  qb
    .select({
      id: campaignRecipients.id,
      userId: campaignRecipients.userId,
      leadId: campaignRecipients.leadId,
      templateId: sql<number | null>`coalesce(${campaignRecipients.templateId}, ${campaigns.templateId})`.as(
        'template_id',
      ),
      // A sent row always has its subject.
      subject: sql<string>`${campaignRecipients.subject}`.as('subject'),
      weekNumber: campaignRecipients.weekNumber,
      sentAt: campaignRecipients.sentAt,
      respondedAt: campaignRecipients.repliedAt,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(and(eq(campaignRecipients.state, 'sent'), eq(campaignRecipients.kind, 'campaign'))),
);

/**
 * The campaign mails' figures per user, local hour (in the user's timezone), template, account and step, kept by
 * triggers on campaign_recipients in the transaction of each change (migration 0015), so the analytics read a few
 * thousand rows instead of a million. A mail counts in the hour it got its outcome, with what happened to it later.
 * Template and account 0 mean none.
 */
export const mailRollups = pgTable(
  'mail_rollups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    hour: integer('hour').notNull(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    step: integer('step').notNull(),
    /** Mails with an outcome: accepted, refused or unknown. */
    mails: integer('mails').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    clicked: integer('clicked').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    deliveredReplied: integer('delivered_replied').notNull().default(0),
    machineEvents: integer('machine_events').notNull().default(0),
    leadsMailed: integer('leads_mailed').notNull().default(0),
    leadsReplied: integer('leads_replied').notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.userId, table.day, table.hour, table.templateId, table.accountId, table.step],
    }),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignRecipientRow = typeof campaignRecipients.$inferSelect;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;
