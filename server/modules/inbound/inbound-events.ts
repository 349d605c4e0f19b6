import { eq } from 'drizzle-orm';
import type { InboundClassification } from '../../adapters/mail/inbound/classify-inbound';
import type { Database } from '../../db/client';
import { campaignRecipients, leads } from '../../db/schema';
import { webhookEmail, webhookLead } from '../webhooks/webhook-data';
import type { WebhookEvent } from '../webhooks/webhook-emitter';
import type { MatchedMail } from './inbound-match';
import type { InboundRecord } from './inbound-record';

/** Where the Replies screen is; the reply's id is kept in its link for the screen to open it. */
export const replyUrl = (publicUrl: string, replyId: number) =>
  `${publicUrl.replace(/\/+$/, '')}/replies?reply=${replyId}`;

/** A message just taken in, with what it changed. */
export type TakenMessage = {
  userId: string;
  publicUrl: string;
  record: InboundRecord;
  classification: InboundClassification;
  refersToOurMail: boolean;
  mail: MatchedMail;
  /** The lead's status was changed by this message (not already bounced or unsubscribed). */
  leadChanged: boolean;
  reply: { id: number; from: string; subject: string; text: string; priority: string | null; receivedAt: Date };
  at: Date;
};

/**
 * The webhook events of a message taken in, read in its transaction (`tx`): a reply, a bounce or a complaint about
 * one of our mails, and the lead it bounced or unsubscribed. A report that only names a lead changes nothing and
 * tells nothing (decision 0058); neither does an out-of-office or a delay notice.
 */
export async function inboundEvents(tx: Pick<Database, 'select'>, taken: TakenMessage): Promise<WebhookEvent[]> {
  const { record, classification, mail, userId } = taken;
  const replied = record.kind === 'reply';
  const bounced = record.kind === 'bounce' && (classification.kind !== 'bounce' || !isDelayNotice(classification));
  const complained = record.kind === 'complaint';
  const leadMoved = taken.leadChanged && record.leadStatus !== undefined;
  if (!replied && !bounced && !complained && !leadMoved) return [];

  const [leadRow] = await tx.select().from(leads).where(eq(leads.id, mail.leadId));
  const lead = leadRow ? webhookLead(leadRow) : null;
  const [sent] =
    taken.refersToOurMail && mail.recipientId !== null
      ? await tx.select().from(campaignRecipients).where(eq(campaignRecipients.id, mail.recipientId))
      : [];
  const email =
    sent?.campaignId != null ? webhookEmail({ ...sent, campaignId: sent.campaignId, to: leadRow?.email ?? '' }) : null;
  const base = { userId, leadId: mail.leadId, at: taken.at };
  const events: WebhookEvent[] = [];
  if (replied) {
    const { reply } = taken;
    events.push({
      ...base,
      type: 'email.replied',
      data: {
        email,
        lead,
        reply: {
          id: reply.id,
          from: reply.from,
          subject: reply.subject,
          text: reply.text,
          priority: reply.priority,
          receivedAt: reply.receivedAt.toISOString(),
          url: replyUrl(taken.publicUrl, reply.id),
        },
      },
    });
  }
  if (bounced) {
    const reason = record.details.diagnostic || record.details.status || null;
    const bounceType = record.details.permanent ? 'hard' : 'soft';
    events.push({ ...base, type: 'email.bounced', data: { email, lead, bounceType, reason } });
  }
  if (complained) events.push({ ...base, type: 'email.complained', data: { email, lead } });
  if (leadMoved && lead && record.leadStatus === 'bounced') {
    events.push({ ...base, type: 'lead.bounced', data: { lead, reason: record.statusReason } });
  }
  if (leadMoved && lead && record.leadStatus === 'unsubscribed') {
    events.push({
      ...base,
      type: 'lead.unsubscribed',
      data: { lead, unsubscribedAt: (leadRow.statusChangedAt ?? taken.at).toISOString() },
    });
  }
  return events;
}

/** A report that the mail is still on its way, not that it failed. */
function isDelayNotice(report: InboundClassification & { kind: 'bounce' }): boolean {
  return !report.permanent && report.delayed;
}
