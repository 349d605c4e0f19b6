import { z } from 'zod';

/** docs/product.md §9: the progress card reads a running campaign this often. */
export const CAMPAIGN_POLL_MS = 1000;

/** Lead ids one mass send may name. */
export const MAX_CAMPAIGN_LEADS = 100_000;

/** docs/product.md §5: what Send Mass Email needs; the server answers these texts when a part is missing. */
export const SEND_MASS_EMAIL_MESSAGES = {
  account: 'Please select an email account',
  template: 'Please select an email template',
  leads: 'Please select at least one lead',
} as const;

/** The most mailboxes one campaign rotates over. */
export const MAX_ROTATION_ACCOUNTS = 50;

const optionalId = z.number().int().positive().nullish();

/** Sequences: at most this many steps, each with up to two variants besides its template (three in all). */
export const MAX_SEQUENCE_STEPS = 8;
export const MAX_STEP_VARIANTS = 2;
export const SEQUENCE_CADENCES = ['weekly', 'monthly'] as const;
/** A step's default delay after the previous one, by cadence. */
export const DEFAULT_STEP_DELAY_DAYS = { weekly: 7, monthly: 30 } as const;

export const stepVariantSchema = z.object({
  subject: z.string().trim().min(1, { error: 'A variant needs a subject' }).max(300),
  body: z.string().trim().min(1, { error: 'A variant needs a body' }).max(100_000),
});
export type StepVariant = z.infer<typeof stepVariantSchema>;

/**
 * When a later step goes, by what the lead did with the previous mail they got: always, or only if a person (not a
 * mail-privacy proxy or link scanner) opened or clicked it, or did not. A step whose condition is false is skipped.
 */
export const STEP_CONDITIONS = ['always', 'not_opened', 'opened', 'clicked', 'not_clicked'] as const;
export type StepCondition = (typeof STEP_CONDITIONS)[number];

/** One step of a sequence: an Active template, the days after the previous step, in its thread or not, variants. */
export const sequenceStepSchema = z.object({
  templateId: z.number().int().positive(),
  /** Days after the lead got the previous step (the first step goes at once); default by cadence. */
  delayDays: z.number().int().min(1).max(365).optional(),
  /** Sent as a reply to the previous step: "Re: " its subject, in its thread. */
  sameThread: z.boolean().optional(),
  variants: z.array(stepVariantSchema).max(MAX_STEP_VARIANTS).optional(),
  /** When the step goes (default always); the first step always goes. */
  condition: z.enum(STEP_CONDITIONS).optional(),
});
export type SequenceStep = z.infer<typeof sequenceStepSchema>;

/** A campaign started as a sequence: its first step is the campaign's template (templateId). */
export const sequenceSchema = z.object({
  cadence: z.enum(SEQUENCE_CADENCES).default('weekly'),
  steps: z
    .array(sequenceStepSchema)
    .min(2, { error: 'A sequence has at least two steps' })
    .max(MAX_SEQUENCE_STEPS, { error: `A sequence has at most ${MAX_SEQUENCE_STEPS} steps` }),
});
export type SequenceRequest = z.input<typeof sequenceSchema>;

/** POST /api/campaigns/send-mass-email (docs/product.md §3 Mass-send request). Presence is checked by the server, in order. */
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
   * Beyond the product rules, inbox rotation: more of the user's mailboxes to spread the campaign over, each within its own
   * limits and pace. accountId is always among them.
   */
  accountIds: z.array(z.number().int().positive()).max(MAX_ROTATION_ACCOUNTS).optional(),
  /** Beyond the product rules: an open pixel and tracked links in every mail (on unless turned off). */
  trackingEnabled: z.boolean().optional(),
  /** Beyond the product rules: a multi-touch sequence; its first step's template is templateId. */
  sequence: sequenceSchema.optional(),
});
export type SendMassEmailRequest = z.input<typeof sendMassEmailSchema>;

/** POST /api/campaigns/{id}/leads: more leads for a campaign (or sequence) already started. */
export const addCampaignLeadsSchema = z.object({
  leadIds: z
    .array(z.number().int().positive())
    .min(1, { error: SEND_MASS_EMAIL_MESSAGES.leads })
    .max(MAX_CAMPAIGN_LEADS, {
      error: `A campaign can go to at most ${MAX_CAMPAIGN_LEADS.toLocaleString('en-US')} leads`,
    }),
});
/** How many of the leads got the campaign's first step, and how many were skipped by the rules of a start. */
export const addCampaignLeadsResponseSchema = z.object({ added: z.number().int(), skipped: z.number().int() });
export type AddCampaignLeadsResponse = z.infer<typeof addCampaignLeadsResponseSchema>;

export const sendMassEmailResponseSchema = z.object({ message: z.string(), campaignId: z.number() });
export type SendMassEmailResponse = z.infer<typeof sendMassEmailResponseSchema>;

export const campaignStatusSchema = z.enum(['running', 'paused', 'completed', 'failed']);

/** Why an automatic brake paused a campaign: its mails bounced, drew spam complaints, or the provider blocked it. */
export const CAMPAIGN_BRAKES = ['bounces', 'complaints', 'block'] as const;
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** GET /api/campaigns/{id} (docs/product.md §3 Campaign, plus the skipped and unknown counts and why it waits). */
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
  /**
   * Beyond the product rules: mails still to send (now, after a retry wait, or tomorrow), and mails being sent right now (in
   * flight: claimed, outcome not yet committed). Sent, failed, unknown, pending and sending add up to totalEmails.
   */
  emailsPending: z.number(),
  emailsSending: z.number(),
  errorMessage: z.string().nullable(),
  waitingReason: z.string().nullable(),
  /** The mailboxes the campaign sends from (one, or several with inbox rotation). */
  accountIds: z.array(z.number()),
  trackingEnabled: z.boolean(),
  createdAt: z.string(),
  /** A sequence's cadence (null: a single mail). */
  cadence: z.enum(SEQUENCE_CADENCES).nullable(),
  /** Beyond the product rules: the automatic brake that paused the campaign (waitingReason says why); null if none. */
  brake: z.enum(CAMPAIGN_BRAKES).nullable(),
  /**
   * Beyond the product rules: mails not sent because the lead's domain takes no mail (no mail server), settled as the
   * campaign starts. Counted in emailsSkipped, not in totalEmails: totalEmails plus these are every lead it took on.
   */
  emailsNoMailServer: z.number(),
  /**
   * Beyond the product rules: when the mails still to send should all have gone, from the mailboxes' pace, daily
   * limits and warm-up, and the sending window where it applies (ISO); null when not running, when nothing is left to
   * send, or in the campaigns list.
   */
  estimatedFinishAt: z.string().nullable(),
  /** Of the mails still to send, those the estimate puts on a later day than today (the user's), and when the first of them goes. */
  emailsAfterToday: z.number(),
  laterSendingStartsAt: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/**
 * POST /api/campaigns/{id}/resume. A campaign a brake paused resumes only with `confirm`; without it the server
 * answers 409 with the reason and the question.
 */
export const resumeCampaignSchema = z.object({ confirm: z.boolean().optional() }).nullish();
export type ResumeCampaignRequest = NonNullable<z.infer<typeof resumeCampaignSchema>>;

/** How often the progress card reads a running sequence with nothing to send until its next step is due. */
export const WAITING_SEQUENCE_POLL_MS = 30_000;

/** A sequence that runs but has nothing left to send now: it waits for its next step. */
export function isSequenceBetweenSteps(campaign: Campaign): boolean {
  const settled = campaign.emailsSent + campaign.emailsFailed + campaign.emailsUnknown;
  return campaign.cadence !== null && campaign.status === 'running' && settled >= campaign.totalEmails;
}

/** GET /api/campaigns answers the newest this many. */
export const CAMPAIGN_LIST_LIMIT = 50;

/** One version of a step (0: the template, 1 and 2: its variants) and how it did. */
export const stepVariantFiguresSchema = z.object({
  variant: z.number(),
  subject: z.string().nullable(),
  sent: z.number(),
  opened: z.number(),
  replied: z.number(),
  /** Replies over sends, in percent, one decimal. */
  replyRate: z.number(),
});

/** A sequence step in the campaign list: what it sends and how far the leads got. */
export const campaignStepFiguresSchema = z.object({
  position: z.number(),
  templateName: z.string().nullable(),
  delayDays: z.number(),
  sameThread: z.boolean(),
  condition: z.enum(STEP_CONDITIONS),
  /** Leads whose latest mail of the sequence is this step. */
  leads: z.number(),
  sent: z.number(),
  /** Mails of this step waiting to go. */
  pending: z.number(),
  /** Leads this step was not sent to: its condition was false for them (or their address takes no mail). */
  skipped: z.number(),
  replied: z.number(),
  variants: z.array(stepVariantFiguresSchema),
});
export type CampaignStepFigures = z.infer<typeof campaignStepFiguresSchema>;

/** GET /api/campaigns: a campaign with the template and mailbox it uses (null once deleted). */
export const campaignListItemSchema = campaignSchema.extend({
  templateName: z.string().nullable(),
  accountEmail: z.string().nullable(),
  /** A sequence's steps and when its next step may go. */
  steps: z.array(campaignStepFiguresSchema),
  nextSendAt: z.string().nullable(),
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

/** GET /api/dashboard/stats (docs/product.md §3 Dashboard stats): counts of the user's campaign mails, rates in percent. */
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
  /** Beyond the product rules: opens and clicks by mail-privacy proxies and link scanners, kept but not counted above. */
  machineEventsLeftOut: z.number(),
  /** Beyond the product rules: leads with a response marked "Meeting booked" or a person's click on a booking link. */
  meetingsBooked: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
