const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad2 = (value: number) => String(value).padStart(2, '0');

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The one place dates are shown (docs/product.md §9's formats, local time). docs/product.md §8: a missing date reads "Never", an
 * unparseable one "Invalid date". A bare YYYY-MM-DD (an account's lastResetDate) already is a local day, so it is
 * read as one: `new Date()` would take it as UTC midnight and show the day before west of Greenwich.
 */
function formatWith(value: string | null | undefined, format: (date: Date) => string): string {
  if (!value) return 'Never';
  const parts = dateOnly.exec(value);
  const date = parts ? new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? 'Invalid date' : format(date);
}

/** "MMM dd", local time: "Mar 07". */
export function formatMonthDay(value: string | null | undefined): string {
  return formatWith(value, (date) => `${MONTHS[date.getMonth()]} ${pad2(date.getDate())}`);
}

/** "MMM dd, yyyy", local time: "Mar 07, 2025" (a lead's added date, an account's dates). */
export function formatDay(value: string | null | undefined): string {
  return formatWith(value, (date) => `${MONTHS[date.getMonth()]} ${pad2(date.getDate())}, ${date.getFullYear()}`);
}

/** "MMM dd, yyyy h:mm a", local time: "Mar 07, 2025 3:05 PM". */
export function formatDayTime(value: string | null | undefined): string {
  return formatWith(value, (date) => {
    const hours = date.getHours();
    const clock = `${hours % 12 || 12}:${pad2(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
    return `${MONTHS[date.getMonth()]} ${pad2(date.getDate())}, ${date.getFullYear()} ${clock}`;
  });
}
