import { z } from 'zod';

/** Issue 42: what a prospect's reply comes to, one of these for every reply. */
export const REPLY_OUTCOMES = [
  'interested',
  'meeting_request',
  'question',
  'not_interested',
  'unsubscribe_request',
  'out_of_office',
  'wrong_person',
  'other',
] as const;
export const replyOutcomeSchema = z.enum(REPLY_OUTCOMES);
export type ReplyOutcome = z.infer<typeof replyOutcomeSchema>;

/** Who decided a reply's outcome: the AI provider, the built-in rules (no provider, or it failed), or the user. */
export const OUTCOME_SOURCES = ['ai', 'rules', 'user'] as const;
export const outcomeSourceSchema = z.enum(OUTCOME_SOURCES);
export type OutcomeSource = z.infer<typeof outcomeSourceSchema>;
