import { z } from 'zod';

/** docs/product.md §9: the follow-ups panel loads this many replies. */
export const FOLLOWUPS_PANEL_LIMIT = 10;
/** docs/product.md §9: a reply's preview in the panel is its first 100 characters. */
export const RESPONSE_PREVIEW_CHARS = 100;
/** docs/product.md §9: the original mail's preview in the modal, tags stripped, is cut at 500 characters. */
export const ORIGINAL_EMAIL_PREVIEW_CHARS = 500;
/** The most responses one page of GET /api/responses answers (the Inbox page pages through the rest). */
export const MAX_RESPONSES_PAGE = 100;
/** The most of one inbound message the mailbox reader fetches, in MB; a larger one is read from its beginning. */
export const INBOUND_MESSAGE_LIMIT_MB = 2;
/** What the Replies screen and a lead's history say of a message larger than the reader fetches. */
export const TRUNCATED_MESSAGE_NOTE = `This message was larger than ${INBOUND_MESSAGE_LIMIT_MB} MB; only its beginning was read.`;

/** docs/product.md §9 priority values. */
export const RESPONSE_PRIORITIES = ['hot', 'high', 'medium', 'other'] as const;
export const responsePrioritySchema = z.enum(RESPONSE_PRIORITIES);
export type ResponsePriority = z.infer<typeof responsePrioritySchema>;

/** docs/product.md §5 and §8: the texts of the reply box and the follow-up toasts. */
export const RESPONSE_MESSAGES = {
  emptyReply: 'Please enter a reply message',
  replySent: 'Reply sent successfully',
  replyFailed: 'Failed to send reply',
  completed: 'Follow-up marked as completed',
  completeFailed: 'Failed to mark as complete',
  completeFailedAlt: 'Failed to mark follow-up as completed',
  detailsFailedTitle: 'Failed to load email',
  detailsFailed: 'Unable to retrieve the email details. Please try again.',
} as const;

const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * GET /api/responses query. docs/product.md's call is `?followupRequired=true&limit=10`; beyond it the Inbox page filters by
 * priority and by follow-up status (`pending`: required and not completed; `completed`) and pages with `offset`.
 */
export const responsesQuerySchema = z.object({
  followupRequired: booleanParam.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_RESPONSES_PAGE).default(FOLLOWUPS_PANEL_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
  priority: responsePrioritySchema.optional(),
  status: z.enum(['pending', 'completed']).optional(),
  /** Only replies received after this instant (ISO 8601 with its offset): how a program polls for new replies. */
  since: z.iso
    .datetime({ offset: true, error: 'Give "since" as a date and time, e.g. 2026-11-29T09:00:00Z' })
    .optional(),
});
export type ResponsesQuery = z.input<typeof responsesQuerySchema>;

/** docs/product.md §3 Response (a prospect's reply), plus why it got its priority and what was done with it. */
export const responseSchema = z.object({
  id: z.number(),
  priority: responsePrioritySchema,
  /** Beyond the product rules: why the reply got its priority, in a few words ("Asks for a call"). */
  priorityReason: z.string().nullable(),
  receivedAt: z.string(),
  subject: z.string(),
  /** What the prospect wrote above the quoted history. */
  body: z.string(),
  followupRequired: z.boolean(),
  followupCompleted: z.boolean(),
  /** Beyond the product rules: the prospect asked in words to get no more mail; the lead was unsubscribed. */
  unsubscribeRequest: z.boolean(),
  /** Beyond the product rules: when a meeting was booked with this prospect (set by hand or by a booking-link click). */
  meetingBookedAt: z.string().nullable(),
  leadId: z.number().nullable(),
  lead: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    company: z.string().nullable(),
  }),
  /** The mail of ours the prospect answered (null when it cannot be told which). */
  sentEmail: z.object({ subject: z.string(), body: z.string() }).nullable(),
  /** Beyond the product rules: the message was larger than the reader fetches; only its beginning was read (TRUNCATED_MESSAGE_NOTE). */
  truncated: z.boolean(),
});
export type ProspectResponse = z.infer<typeof responseSchema>;

export const responsesPageSchema = z.array(responseSchema);

/** GET /api/followups/count: replies that still need a follow-up. */
export const followupCountSchema = z.object({ count: z.number() });
export type FollowupCount = z.infer<typeof followupCountSchema>;

/** One message of a thread: ours (outbound) or the prospect's (inbound), with the quoted history stripped. */
export const threadMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['outbound', 'inbound']),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The text shown: a reply's own words (quoted history stripped), our mail's text. */
  body: z.string(),
  at: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** GET /api/responses/{id}/details: the response and its thread, oldest first. */
export const responseDetailsSchema = responseSchema.extend({ thread: z.array(threadMessageSchema) });
export type ResponseDetails = z.infer<typeof responseDetailsSchema>;

/** The longest reply the modal sends. */
export const MAX_REPLY_CHARS = 20_000;

/** POST /api/responses/{id}/reply (docs/product.md §3 Reply payload). */
export const replySchema = z.object({
  body: z
    .string()
    .max(MAX_REPLY_CHARS, { error: `A reply can be at most ${MAX_REPLY_CHARS.toLocaleString('en-US')} characters` })
    .refine((body) => body.trim() !== '', { error: RESPONSE_MESSAGES.emptyReply }),
});
export type ReplyRequest = z.infer<typeof replySchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** PATCH /api/responses/{id} (beyond the product rules): re-prioritise by hand, mark a meeting booked (or not). */
export const updateResponseSchema = z.object({
  priority: responsePrioritySchema.optional(),
  meetingBooked: z.boolean().optional(),
});
export type UpdateResponseRequest = z.infer<typeof updateResponseSchema>;

/** POST /api/responses/{id}/suggest-reply (beyond the product rules): a draft the user edits; never sent by itself. */
export const suggestedReplySchema = z.object({ body: z.string(), offline: z.boolean() });
export type SuggestedReply = z.infer<typeof suggestedReplySchema>;

/** The preview rules both the server (lists) and the client (panel) use: the first N characters of plain text. */
export function previewText(text: string, chars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > chars ? `${flat.slice(0, chars)}...` : flat;
}

/** The original mail's preview (docs/product.md §2): tags stripped, cut at 500 characters. */
export function originalEmailPreview(body: string): string {
  return previewText(body.replace(/<[^>]*>/g, ' '), ORIGINAL_EMAIL_PREVIEW_CHARS);
}
