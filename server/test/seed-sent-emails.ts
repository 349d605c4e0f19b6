import type { Database } from '../db/client';
import { campaignRecipients, campaigns, inboundMessages, leads } from '../db/schema';

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

/**
 * A prospect's reply to the mail we sent them from a campaign whose template is gone (the thread shows that mail
 * without a body): the lead, the campaign, our mail and the reply, stored directly. Answers the reply's row.
 */
export async function seedReplyToSentMail(
  db: Database,
  userId: string,
  mail: {
    lead: { email: string; firstName: string; company?: string };
    sent: { subject: string; sentAt: Date };
    reply: Pick<
      typeof inboundMessages.$inferInsert,
      'messageId' | 'bodyText' | 'replyText' | 'receivedAt' | 'priority'
    >;
  },
) {
  const [lead] = await db
    .insert(leads)
    .values({ userId, ...mail.lead })
    .returning();
  const [campaign] = await db.insert(campaigns).values({ userId, status: 'completed' }).returning();
  const [sent] = await db
    .insert(campaignRecipients)
    .values({ campaignId: campaign.id, userId, leadId: lead.id, state: 'sent', ...mail.sent })
    .returning();
  const [reply] = await db
    .insert(inboundMessages)
    .values({
      userId,
      kind: 'reply',
      leadId: lead.id,
      recipientId: sent.id,
      fromAddress: mail.lead.email,
      subject: `Re: ${mail.sent.subject}`,
      followupRequired: true,
      ...mail.reply,
    })
    .returning();
  return reply;
}
