import { and, eq } from 'drizzle-orm';
import type { ProspectResponse } from '../../../contract/responses';
import type { Database } from '../../db/client';
import {
  type CampaignRecipientRow,
  campaignRecipients,
  campaigns,
  type InboundMessageRow,
  inboundMessages,
  type LeadRow,
  leads,
  type TemplateRow,
  templates,
} from '../../db/schema';
import { EmailTooLargeError, renderEmail, stepSpinSeed } from '../templates/render-email';

type LeadFields = Pick<LeadRow, 'firstName' | 'lastName' | 'email' | 'company'>;

/** One of our mails as the thread and the response's "sent email" show it. */
export type OutboundMail = {
  mail: Pick<CampaignRecipientRow, 'kind' | 'subject' | 'bodyText' | 'leadId' | 'step'>;
  template: Pick<TemplateRow, 'subject' | 'body'> | null;
};

export type ResponseRow = {
  response: InboundMessageRow;
  lead: LeadFields | null;
  sent: OutboundMail['mail'] | null;
  template: OutboundMail['template'];
};

/**
 * Replies with what the response shows beside them: the lead, and the mail of ours each answers with its template
 * (campaign mails are read from their template; our replies keep their text). Callers add the user's scope.
 */
export function selectResponses(db: Database) {
  return db
    .select({
      response: inboundMessages,
      lead: { firstName: leads.firstName, lastName: leads.lastName, email: leads.email, company: leads.company },
      sent: {
        kind: campaignRecipients.kind,
        subject: campaignRecipients.subject,
        bodyText: campaignRecipients.bodyText,
        leadId: campaignRecipients.leadId,
        step: campaignRecipients.step,
      },
      template: { subject: templates.subject, body: templates.body },
    })
    .from(inboundMessages)
    .leftJoin(leads, eq(leads.id, inboundMessages.leadId))
    .leftJoin(
      campaignRecipients,
      and(
        eq(campaignRecipients.id, inboundMessages.recipientId),
        eq(campaignRecipients.userId, inboundMessages.userId),
      ),
    )
    .leftJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .leftJoin(templates, eq(templates.id, campaigns.templateId))
    .$dynamic();
}

/** The mail as rendered for the lead; none when the lead's details have grown too large for it since. */
function readBack(...args: Parameters<typeof renderEmail>) {
  try {
    return renderEmail(...args);
  } catch (error) {
    if (error instanceof EmailTooLargeError) return null;
    throw error;
  }
}

/** Our mail's subject and text: a reply as written, a campaign mail as its template renders for the lead. */
export function outboundText({ mail, template }: OutboundMail, lead: LeadFields | null) {
  if (mail.kind !== 'campaign') return { subject: mail.subject ?? '', body: mail.bodyText ?? '' };
  // With the seed it was sent with, so the spins read as the lead received them.
  const rendered = template ? readBack(template, lead ?? {}, stepSpinSeed(mail.leadId ?? 0, mail.step)) : null;
  return { subject: mail.subject ?? rendered?.subject ?? '', body: rendered?.text ?? '' };
}

export function toResponse({ response, lead, sent, template }: ResponseRow): ProspectResponse {
  return {
    id: response.id,
    // The reader gives every reply a priority; one it could not read is for a person to look at.
    priority: response.priority ?? 'medium',
    priorityReason: response.priorityReason,
    receivedAt: response.receivedAt.toISOString(),
    subject: response.subject,
    body: displayText(response),
    followupRequired: response.followupRequired,
    followupCompleted: response.followupCompleted,
    unsubscribeRequest: response.unsubscribeRequest,
    meetingBookedAt: response.meetingBookedAt?.toISOString() ?? null,
    leadId: response.leadId,
    lead: {
      firstName: lead?.firstName ?? null,
      lastName: lead?.lastName ?? null,
      email: lead?.email ?? response.fromAddress,
      company: lead?.company ?? null,
    },
    sentEmail: sent ? outboundText({ mail: sent, template }, lead) : null,
    truncated: response.truncated,
  };
}

/** A prospect's message as shown: what they wrote above the quoted history (all of it when nothing was read). */
export function displayText(message: Pick<InboundMessageRow, 'replyText' | 'bodyText'>): string {
  return message.replyText || message.bodyText;
}
