import { bookingUrlSchema, MAX_BOOKING_URLS } from '@contract/auth';

/** The list with the typed booking link added, or why it cannot be: the server's rules, checked before saving. */
export function addBookingLink(links: readonly string[], typed: string): string[] | string {
  if (links.length >= MAX_BOOKING_URLS) return `You can list at most ${MAX_BOOKING_URLS} booking links`;
  const parsed = bookingUrlSchema.safeParse(typed);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Enter a web address';
  if (links.includes(parsed.data)) return 'This booking link is already listed';
  return [...links, parsed.data];
}
