import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { leads } from './leads';
import { ownedRowColumns } from './owned-row';

export const MEETING_PROVIDERS = ['calcom', 'calendly'] as const;
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];

/**
 * Where a user's scheduling tool (Cal.com, Calendly) posts its bookings: the public URL carries the random `token`,
 * and the signing secret is kept encrypted with the app's key, as mailbox passwords are (checking a signature needs
 * the secret itself, and the owner sees it again in Settings).
 */
export const meetingReceivers = pgTable(
  'meeting_receivers',
  {
    ...ownedRowColumns(),
    provider: text('provider', { enum: MEETING_PROVIDERS }).notNull(),
    token: text('token').notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Every delivery finds its receiver by the token in its URL.
    uniqueIndex('meeting_receivers_token_idx').on(table.token),
    index('meeting_receivers_user_idx').on(table.userId),
  ],
);

/**
 * A meeting a lead booked through a receiver: one row per booking (Cal.com's booking uid, Calendly's invitee URI), so
 * a delivery repeated by the provider records nothing more. A cancelled meeting keeps its row with `canceled_at`.
 */
export const meetings = pgTable(
  'meetings',
  {
    ...ownedRowColumns(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: MEETING_PROVIDERS }).notNull(),
    externalId: text('external_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('meetings_user_provider_external_idx').on(table.userId, table.provider, table.externalId),
    // The figures' question: the user's leads with a meeting that stands.
    index('meetings_user_lead_idx').on(table.userId, table.leadId).where(sql`${table.canceledAt} IS NULL`),
    // A sequence's question for one lead (sequence-advance.ts), and the cascade when a lead is deleted.
    index('meetings_lead_idx').on(table.leadId, table.bookedAt),
  ],
);

export type MeetingReceiverRow = typeof meetingReceivers.$inferSelect;
export type MeetingRow = typeof meetings.$inferSelect;
