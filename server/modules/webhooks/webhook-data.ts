import type { WebhookCampaign, WebhookEmail, WebhookLead } from '../../../contract/webhook-events';

/** The columns of a lead that events carry. */
export type LeadOfEvent = Pick<WebhookLead, 'id' | 'email' | 'firstName' | 'lastName' | 'company' | 'status'>;

/** A lead as every event shows it: only the documented fields, whatever else the row has. */
export function webhookLead(lead: LeadOfEvent): WebhookLead {
  return {
    id: lead.id,
    email: lead.email,
    firstName: lead.firstName,
    lastName: lead.lastName,
    company: lead.company,
    status: lead.status,
  };
}

/** The columns of a campaign mail (campaign_recipients) that events carry; `to` is the address it went to. */
export type MailOfEvent = {
  id: number;
  campaignId: number;
  step: number;
  leadId: number | null;
  to: string;
  subject: string | null;
};

/** A campaign mail as every event shows it; a mail stored without its subject shows an empty one. */
export function webhookEmail(mail: MailOfEvent): WebhookEmail {
  return {
    id: mail.id,
    campaignId: mail.campaignId,
    step: mail.step,
    leadId: mail.leadId,
    to: mail.to,
    subject: mail.subject ?? '',
  };
}

/** The columns of a campaign that events carry; it is named after its template, as the campaigns list shows it. */
export type CampaignOfEvent = { id: number; status: string; templateName: string | null };

/** A campaign as every event shows it; one whose template was deleted is named by its number. */
export function webhookCampaign(campaign: CampaignOfEvent): WebhookCampaign {
  return { id: campaign.id, name: campaign.templateName ?? `Campaign ${campaign.id}`, status: campaign.status };
}
