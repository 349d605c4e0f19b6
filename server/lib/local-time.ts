import { DateTime } from 'luxon';

/**
 * Dates as the user lives them, in their IANA time zone: the day a mailbox's daily limit counts, the week within
 * which a lead gets one campaign mail, and when the next day starts.
 */

/** The user's local ISO week, e.g. "2026-W48": a lead is mailed by a campaign at most once in it. */
export function localWeek(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toFormat("kkkk-'W'WW");
}

/** The calendar date (YYYY-MM-DD) it is at `at` in the IANA zone `timeZone`. */
export function localDay(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toISODate() ?? '';
}

/** The instant the next local day starts in `timeZone` (DST-aware: not always 24 h after the last). */
export function nextLocalMidnight(at: Date, timeZone: string): Date {
  return DateTime.fromJSDate(at, { zone: timeZone }).startOf('day').plus({ days: 1 }).toJSDate();
}
