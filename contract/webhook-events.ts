import { z } from 'zod';

/**
 * The events a webhook endpoint can subscribe to. Names and payloads are a contract with every receiver (a CRM,
 * Zapier, Make, n8n): fields may be added, never renamed or removed.
 */
export const WEBHOOK_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'lead.unsubscribed',
  'lead.bounced',
  'email.sent',
  'email.opened',
  'email.clicked',
  'email.replied',
  'email.bounced',
  'email.complained',
  'campaign.started',
  'campaign.paused',
  'campaign.completed',
  'meeting.booked',
  'mailbox.error',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: (issue) => `There is no event called ${JSON.stringify(issue.input)}`,
});
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** What each event means, for the settings screen and the API document. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'lead.created': 'A lead was added (by hand, an import, the lead finder or the API).',
  'lead.updated': "A lead's details or status changed.",
  'lead.unsubscribed': 'A lead asked to receive no more mail.',
  'lead.bounced': "A lead's address bounced for good: no more mail goes to it.",
  'email.sent': 'A campaign or sequence mail went out.',
  'email.opened': 'A person opened a mail (opens by mail scanners and privacy proxies are left out).',
  'email.clicked': 'A person clicked a link in a mail.',
  'email.replied': 'A lead replied.',
  'email.bounced': 'A mail bounced.',
  'email.complained': 'A recipient marked a mail as spam.',
  'campaign.started': 'A campaign or sequence started sending.',
  'campaign.paused': 'A campaign was paused, by its owner or by a brake.',
  'campaign.completed': 'A campaign sent everything it had to send.',
  'meeting.booked': 'A lead booked a meeting.',
  'mailbox.error': 'A connected mailbox could not send or be read.',
};

const leadSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  status: z.string(),
});

const emailSchema = z.object({
  /** The mail's id: one per lead and step of a campaign. */
  id: z.number().int(),
  campaignId: z.number().int(),
  /** The step of the sequence (1 for the first mail). */
  step: z.number().int(),
  leadId: z.number().int().nullable(),
  to: z.string(),
  subject: z.string(),
});

const campaignSchema = z.object({ id: z.number().int(), name: z.string(), status: z.string() });

/** The `data` of each event. */
export const webhookEventDataSchemas = {
  'lead.created': z.object({ lead: leadSchema }),
  'lead.updated': z.object({ lead: leadSchema }),
  'lead.unsubscribed': z.object({ lead: leadSchema, unsubscribedAt: z.string() }),
  'lead.bounced': z.object({ lead: leadSchema, reason: z.string().nullable() }),
  'email.sent': z.object({ email: emailSchema, sentAt: z.string() }),
  'email.opened': z.object({ email: emailSchema, openedAt: z.string() }),
  'email.clicked': z.object({ email: emailSchema, url: z.string(), clickedAt: z.string() }),
  'email.replied': z.object({
    email: emailSchema.nullable(),
    lead: leadSchema.nullable(),
    reply: z.object({
      id: z.number().int(),
      from: z.string(),
      subject: z.string(),
      /** The reply's own words, above the quoted history. */
      text: z.string(),
      /** The reply's priority as LocalReach classified it (high, medium, low), null before it is classified. */
      priority: z.string().nullable(),
      receivedAt: z.string(),
      /** The reply opened in LocalReach's Replies screen. */
      url: z.string(),
    }),
  }),
  'email.bounced': z.object({
    email: emailSchema.nullable(),
    lead: leadSchema.nullable(),
    /** hard: the address does not exist; soft: a passing refusal (a full mailbox). */
    bounceType: z.enum(['hard', 'soft']),
    reason: z.string().nullable(),
  }),
  'email.complained': z.object({ email: emailSchema.nullable(), lead: leadSchema.nullable() }),
  'campaign.started': z.object({ campaign: campaignSchema }),
  'campaign.paused': z.object({
    campaign: campaignSchema,
    /** Why: "paused by its owner", or the brake that stopped it (bounces, complaints, a mailbox error). */
    reason: z.string(),
  }),
  'campaign.completed': z.object({ campaign: campaignSchema }),
  'meeting.booked': z.object({
    lead: leadSchema,
    meeting: z.object({
      /** Where it was booked: calcom, calendly, or a click on a booking link (link). */
      source: z.enum(['calcom', 'calendly', 'link', 'reply']),
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
      bookedAt: z.string(),
    }),
  }),
  'mailbox.error': z.object({
    mailbox: z.object({ id: z.number().int(), email: z.string() }),
    /** What went wrong, in words for the mailbox's owner. */
    message: z.string(),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<Type extends WebhookEventType> = z.infer<(typeof webhookEventDataSchemas)[Type]>;
export type WebhookLead = z.infer<typeof leadSchema>;
export type WebhookEmail = z.infer<typeof emailSchema>;
export type WebhookCampaign = z.infer<typeof campaignSchema>;

/** The body of every delivery, as Standard Webhooks recommends. */
export const webhookPayloadSchema = z.object({
  type: webhookEventTypeSchema,
  /** When the change happened (ISO 8601). */
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
