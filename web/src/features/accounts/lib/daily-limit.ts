import { updateAccountSchema } from '@contract/accounts';
import type { z } from 'zod';

/** A typed whole number checked by the contract's rule for the field (the server's own), or the rule's message. */
function parseCount(text: string, rule: z.ZodType<number | undefined>): number | string {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 'Enter a whole number of emails';
  const checked = rule.safeParse(Number(trimmed));
  if (!checked.success) return checked.error.issues[0]?.message ?? 'Enter a whole number of emails';
  return Number(trimmed);
}

/** The typed daily limit as a number, or why it is not one. */
export const parseDailyLimit = (text: string) => parseCount(text, updateAccountSchema.shape.dailyLimit);

/** The typed pace (emails a minute) as a number, or why it is not one. */
export const parseSendsPerMinute = (text: string) => parseCount(text, updateAccountSchema.shape.sendsPerMinute);
