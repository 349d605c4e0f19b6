import { DateTime } from 'luxon';
import { z } from 'zod';

/**
 * When sequence steps go out: from `start` until `end` (HH:mm, the user's local time) on `days` (ISO weekdays,
 * 1 = Monday). Defaults: weekdays 09:00 to 17:00.
 */
export type SendingWindow = { start: string; end: string; days: number[] };

export const DEFAULT_SENDING_WINDOW: SendingWindow = { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] };

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a time such as 09:00' });

/** The window as Settings edits it: a start before its end, and at least one day. */
export const sendingWindowSchema = z
  .object({
    start: clockTime,
    end: clockTime,
    days: z
      .array(z.number().int().min(1).max(7))
      .min(1, { error: 'Choose at least one sending day' })
      .transform((days) => [...new Set(days)].sort()),
  })
  .refine((window) => window.start < window.end, {
    error: 'The sending window must end after it starts',
    path: ['end'],
  });

/** Weekday abbreviations by ISO number (index 0 = Monday), as Settings and the dashboard show them. */
export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The days as read aloud: runs of three or more days joined ("Mon–Fri"), others listed ("Sat, Sun"). */
function formatDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort();
  if (sorted.length === 7) return 'Every day';
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (day: number) => WEEKDAY_NAMES[day - 1];
  return runs
    .map((run) => (run.length >= 3 ? `${name(run[0])}–${name(run[run.length - 1])}` : run.map(name).join(', ')))
    .join(', ');
}

/** The window for display: "Mon–Fri, 09:00–17:00". */
export function formatSendingWindow(window: SendingWindow): string {
  return `${formatDays(window.days)}, ${window.start}–${window.end}`;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Whether `at` falls inside the window, in `timeZone`. */
export function isInSendingWindow(at: Date, window: SendingWindow, timeZone: string): boolean {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  const minute = local.hour * 60 + local.minute;
  return window.days.includes(local.weekday) && minute >= minutesOf(window.start) && minute < minutesOf(window.end);
}

/** `at` itself when inside the window, else the window's next opening (within the next eight days). */
export function nextSendingTime(at: Date, window: SendingWindow, timeZone: string): Date {
  if (isInSendingWindow(at, window, timeZone)) return at;
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  const startMinute = minutesOf(window.start);
  for (let dayOffset = 0; dayOffset <= 7; dayOffset += 1) {
    const day = local.plus({ days: dayOffset }).startOf('day');
    const opening = day.set({ hour: Math.floor(startMinute / 60), minute: startMinute % 60 });
    if (window.days.includes(day.weekday) && opening > local) return opening.toJSDate();
  }
  // No sending day at all cannot pass the schema; keep to the time asked.
  return at;
}
