const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date as the user's local calendar day ("Mar 7, 2025"). SPEC §8: "Never" when missing, "Invalid date" when
 * unparseable. A bare YYYY-MM-DD (lastResetDate) already is a local day, so it is read as one: `new Date()` would
 * take it as UTC midnight and show the day before west of Greenwich.
 */
export function formatAccountDate(value: string | null | undefined): string {
  if (!value) return 'Never';
  const parts = dateOnly.exec(value);
  const date = parts ? new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
