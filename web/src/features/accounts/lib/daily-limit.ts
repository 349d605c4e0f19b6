import { MAX_SENDS_PER_MINUTE } from '@contract/accounts';

/** A typed whole number of at least 1, or why it is not one. */
function parseCount(text: string, tooLow: string): number | string {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 'Enter a whole number of emails';
  const count = Number(trimmed);
  return count >= 1 ? count : tooLow;
}

/** The typed daily limit as a number, or why it is not one. The server checks the upper bound. */
export const parseDailyLimit = (text: string) => parseCount(text, 'The daily limit must be at least 1');

/** The typed pace (emails a minute), 1 to MAX_SENDS_PER_MINUTE, or why it is not one. */
export function parseSendsPerMinute(text: string): number | string {
  const pace = parseCount(text, 'The pace must be at least 1 email a minute');
  if (typeof pace === 'number' && pace > MAX_SENDS_PER_MINUTE) {
    return `The pace can be at most ${MAX_SENDS_PER_MINUTE} emails a minute`;
  }
  return pace;
}
