/** The typed daily limit as a number, or why it is not one. The server checks the upper bound. */
export function parseDailyLimit(text: string): number | string {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 'Enter a whole number of emails';
  const limit = Number(trimmed);
  return limit >= 1 ? limit : 'The daily limit must be at least 1';
}
