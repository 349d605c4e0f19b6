/**
 * The sentence, in a person's words, for the opens and clicks the figures leave out because no person made them
 * (email privacy features fetching images, link checkers following links): one wording for the dashboard and
 * analytics. Null when none were left out, so no line shows.
 */
export function automaticEngagementNotCounted(events: number): string | null {
  if (events <= 0) return null;
  const what = events === 1 ? 'automatic open or click was' : 'automatic opens or clicks were';
  return `${events.toLocaleString('en-US')} ${what} not counted (made by email privacy features and link checkers, not people).`;
}
