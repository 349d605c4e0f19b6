import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { campaignRecipients, leads, trackingEvents } from '../db/schema';

export type CampaignMailOptions = {
  state?: 'sent' | 'failed' | 'unknown';
  repliedAt?: Date;
  events?: { kind: 'open' | 'click'; machine?: boolean; url?: string }[];
  /** Another campaign of the owner's, the lead of an earlier mail, a later sequence step. */
  campaignId?: number;
  leadId?: number;
  step?: number;
};

/**
 * A campaign mail as the sender settles it at `at` (sent, refused or unknown), with the tracking hits it got, for
 * tests of what reads the figures: a lead of its own unless given.
 */
export async function seedCampaignMail(
  db: Database,
  owner: { userId: string; campaignId: number },
  at: Date,
  options: CampaignMailOptions = {},
) {
  const state = options.state ?? 'sent';
  const leadId =
    options.leadId ??
    (
      await db
        .insert(leads)
        .values({ userId: owner.userId, email: `lead-${randomUUID()}@leads.test` })
        .returning()
    )[0].id;
  const [row] = await db
    .insert(campaignRecipients)
    .values({
      campaignId: options.campaignId ?? owner.campaignId,
      userId: owner.userId,
      leadId,
      step: options.step ?? 1,
      state,
      attempts: 1,
      subject: 'Hello',
      claimedAt: at,
      sentAt: state === 'sent' ? at : null,
      repliedAt: options.repliedAt ?? null,
    })
    .returning();
  for (const event of options.events ?? []) {
    await db.insert(trackingEvents).values({
      userId: owner.userId,
      recipientId: row.id,
      kind: event.kind,
      url: event.url ?? null,
      machine: event.machine ?? false,
      createdAt: at,
    });
  }
  return { leadId, recipientId: row.id };
}
