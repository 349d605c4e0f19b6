import { z } from 'zod';

/** SPEC §9: the progress card reads a running campaign this often. */
export const CAMPAIGN_POLL_MS = 1000;

/** Lead ids one mass send may name (issue 9). */
export const MAX_CAMPAIGN_LEADS = 100_000;

/** SPEC §5: what Send Mass Email needs; the server answers these texts when a part is missing. */
export const SEND_MASS_EMAIL_MESSAGES = {
  account: 'Please select an email account',
  template: 'Please select an email template',
  leads: 'Please select at least one lead',
} as const;

/** The most mailboxes one campaign rotates over. */
export const MAX_ROTATION_ACCOUNTS = 50;

const optionalId = z.number().int().positive().nullish();

/** POST /api/campaigns/send-mass-email (SPEC §3 Mass-send request). Presence is checked by the server, in order. */
export const sendMassEmailSchema = z.object({
  accountId: optionalId,
  templateId: optionalId,
  leadIds: z
    .array(z.number().int().positive())
    .max(MAX_CAMPAIGN_LEADS, {
      error: `A campaign can go to at most ${MAX_CAMPAIGN_LEADS.toLocaleString('en-US')} leads`,
    })
    .nullish(),
  /**
   * Beyond SPEC, inbox rotation: more of the user's mailboxes to spread the campaign over, each within its own
   * limits and pace. accountId is always among them.
   */
  accountIds: z.array(z.number().int().positive()).max(MAX_ROTATION_ACCOUNTS).optional(),
  /** Beyond SPEC: an open pixel and tracked links in every mail (on unless turned off). */
  trackingEnabled: z.boolean().optional(),
});
export type SendMassEmailRequest = z.input<typeof sendMassEmailSchema>;

export const sendMassEmailResponseSchema = z.object({ message: z.string(), campaignId: z.number() });
export type SendMassEmailResponse = z.infer<typeof sendMassEmailResponseSchema>;

export const campaignStatusSchema = z.enum(['running', 'paused', 'completed', 'failed']);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** GET /api/campaigns/{id} (SPEC §3 Campaign, plus the skipped and unknown counts and why it waits). */
export const campaignSchema = z.object({
  id: z.number(),
  status: campaignStatusSchema,
  /** The mails the campaign will attempt; skipped leads are not among them. */
  totalEmails: z.number(),
  emailsSent: z.number(),
  emailsFailed: z.number(),
  emailsSkipped: z.number(),
  /** Mails whose outcome could not be known (the sender stopped mid-send); never sent again by themselves. */
  emailsUnknown: z.number(),
  errorMessage: z.string().nullable(),
  waitingReason: z.string().nullable(),
  /** The mailboxes the campaign sends from (one, or several with inbox rotation). */
  accountIds: z.array(z.number()),
  trackingEnabled: z.boolean(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** GET /api/campaigns answers the newest this many. */
export const CAMPAIGN_LIST_LIMIT = 50;

/** GET /api/campaigns: a campaign with the template and mailbox it uses (null once deleted). */
export const campaignListItemSchema = campaignSchema.extend({
  templateName: z.string().nullable(),
  accountEmail: z.string().nullable(),
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

/** GET /api/dashboard/stats (SPEC §3 Dashboard stats): counts of the user's campaign mails, rates in percent. */
export const dashboardStatsSchema = z.object({
  /** Mails with an outcome: accepted by the mailbox server, refused, or unknown. */
  totalEmailsSent: z.number(),
  /** Mails the mailbox server accepted. */
  emailsDelivered: z.number(),
  /** Delivered mails opened by a person (a click counts as an open too). */
  emailsOpened: z.number(),
  /** Delivered mails in which a person followed a link. */
  emailsClicked: z.number(),
  emailsResponded: z.number(),
  deliveryRate: z.number(),
  openRate: z.number(),
  clickRate: z.number(),
  responseRate: z.number(),
  /** Leads who answered, out of the leads mailed. */
  conversionRate: z.number(),
  /** Beyond SPEC: opens and clicks by mail-privacy proxies and link scanners, kept but not counted above. */
  machineEventsLeftOut: z.number(),
  /** Beyond SPEC (issue 10): leads with a response marked "Meeting booked" or a person's click on a booking link. */
  meetingsBooked: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
