import { z } from 'zod';

export const MEETING_RECEIVER_PROVIDERS = ['calcom', 'calendly'] as const;
export const meetingReceiverProviderSchema = z.enum(MEETING_RECEIVER_PROVIDERS, {
  error: 'Choose Cal.com or Calendly',
});
export type MeetingReceiverProvider = z.infer<typeof meetingReceiverProviderSchema>;

export const MEETING_PROVIDER_NAMES: Record<MeetingReceiverProvider, string> = {
  calcom: 'Cal.com',
  calendly: 'Calendly',
};

/** A signing secret shorter than this could be guessed by whoever finds the receiver's URL. */
export const MIN_MEETING_SECRET_LENGTH = 16;
export const MAX_MEETING_SECRET_LENGTH = 200;

/** POST /api/meeting-receivers. Without a secret, one is made (to paste into the scheduling tool). */
export const createMeetingReceiverRequestSchema = z.strictObject({
  provider: meetingReceiverProviderSchema,
  secret: z
    .string({ error: 'The secret must be text' })
    .trim()
    .min(MIN_MEETING_SECRET_LENGTH, `The secret must be at least ${MIN_MEETING_SECRET_LENGTH} characters`)
    .max(MAX_MEETING_SECRET_LENGTH, `The secret can be at most ${MAX_MEETING_SECRET_LENGTH} characters`)
    .optional(),
});
export type CreateMeetingReceiverRequest = z.infer<typeof createMeetingReceiverRequestSchema>;

/** A receiver: where the provider posts (`url`), and the secret it signs with, for the owner to paste there. */
export const meetingReceiverSchema = z.object({
  id: z.number().int(),
  provider: meetingReceiverProviderSchema,
  url: z.string(),
  secret: z.string(),
  createdAt: z.string(),
});
export type MeetingReceiver = z.infer<typeof meetingReceiverSchema>;

/** The answer to a provider's delivery: received, and whether it changed a meeting. */
export const meetingHookAnswerSchema = z.object({ received: z.literal(true), applied: z.boolean() });
