import type { Database } from '../db/client';
import { campaignRecipients, campaigns } from '../db/schema';

/** A mail as a campaign records it once sent. */
export type SentMail = {
  leadId: number;
  subject: string;
  templateId?: number | null;
  weekNumber?: number | null;
  sentAt?: Date;
  repliedAt?: Date | null;
};

/**
 * Records mails as the campaign sender does once they are sent (one campaign per mail, as a lead gets one mail per
 * campaign), for tests of what reads the history: lead details, sent weeks, template performance.
 */
export async function seedSentEmails(db: Database, userId: string, mails: SentMail[]): Promise<void> {
  for (const mail of mails) {
    const [campaign] = await db
      .insert(campaigns)
      .values({ userId, templateId: mail.templateId ?? null, status: 'completed' })
      .returning({ id: campaigns.id });
    await db.insert(campaignRecipients).values({
      campaignId: campaign.id,
      userId,
      leadId: mail.leadId,
      state: 'sent',
      attempts: 1,
      subject: mail.subject,
      weekNumber: mail.weekNumber ?? null,
      sentAt: mail.sentAt ?? new Date(),
      repliedAt: mail.repliedAt ?? null,
    });
  }
}
