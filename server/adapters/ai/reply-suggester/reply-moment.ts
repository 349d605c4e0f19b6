import type { DateTime } from 'luxon';

/**
 * When a prospect asks to talk, read from their reply: "call me Tuesday afternoon", "tomorrow at 10", "next week",
 * "Thursday at 3:30pm", "next Tuesday at noon". Days are counted from the user's now in the user's time zone (the
 * prospect is local); the times are the user's. Only the first day and the first time named are read, word by word
 * (no pattern runs over the reply), and only the first few thousand characters of the reply.
 */
export type AskedMoment = {
  /** The days asked for, start of day in the user's zone: one ("Tuesday"), or the working days of a week. */
  days: DateTime[];
  /** The hour and minute asked for, or null when only a day was named. */
  time: { hour: number; minute: number } | null;
  /** The part of the day named without a time ("afternoon"), which sets the hour when no time is given. */
  partOfDay: PartOfDay | null;
};

export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** How much of a reply is read: a request to talk is in its first lines. */
const READ_CHARS = 2_000;
const TOKEN = /[a-z]+|\d{1,2}:\d{2}|\d+/g;

const WEEKDAYS: Record<string, number> = {
  monday: 1,
  mon: 1,
  tuesday: 2,
  tue: 2,
  tues: 2,
  wednesday: 3,
  wed: 3,
  thursday: 4,
  thu: 4,
  thur: 4,
  thurs: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
  sat: 6,
  sunday: 7,
  sun: 7,
};
const PARTS: Record<string, PartOfDay> = {
  morning: 'morning',
  mornings: 'morning',
  afternoon: 'afternoon',
  afternoons: 'afternoon',
  evening: 'evening',
  evenings: 'evening',
  tonight: 'evening',
};
/** The hour a part of the day is offered at. */
export const PART_HOUR: Record<PartOfDay, number> = { morning: 10, afternoon: 14, evening: 17 };
/** Words before a bare number that make it a time: "at 10", "around 4". */
const TIME_LEAD = new Set(['at', 'around', 'about', 'by', 'after', 'from', 'before']);

export function askedMoment(reply: string, now: DateTime): AskedMoment | null {
  const words = reply.slice(0, READ_CHARS).toLowerCase().match(TOKEN) ?? [];
  const today = now.startOf('day');
  let days: DateTime[] | null = null;
  let time: AskedMoment['time'] = null;
  let partOfDay: PartOfDay | null = null;
  for (let at = 0; at < words.length && !(days && time); at++) {
    const word = words[at];
    const previous = words[at - 1];
    if (!days) days = dayAt(word, words[at + 1], previous, today);
    if (!partOfDay && Object.hasOwn(PARTS, word)) partOfDay = PARTS[word];
    if (!time) time = timeAt(words, at);
  }
  if (!days && !time && !partOfDay) return null;
  // A time without a day: the next working days.
  return { days: days ?? workingDays(today.plus({ days: 1 }), 2), time, partOfDay };
}

/** The days a word names: "today", "tomorrow", "tuesday" (the next one; "next tuesday": in next week), "next week". */
function dayAt(
  word: string,
  next: string | undefined,
  previous: string | undefined,
  today: DateTime,
): DateTime[] | null {
  if (word === 'today' || word === 'tonight') return [today];
  if (word === 'tomorrow') return [today.plus({ days: 1 })];
  if (word === 'week' && (previous === 'next' || previous === 'this')) {
    if (previous === 'this') {
      const rest = workingDays(today.plus({ days: 1 }), 5).filter((day) => day.weekNumber === today.weekNumber);
      return rest.length > 0 ? rest : null;
    }
    return workingDays(today.startOf('week').plus({ weeks: 1 }), 5);
  }
  if (!Object.hasOwn(WEEKDAYS, word)) return null;
  // "sat", "sun", "wed" are days only where a day fits: not "I sat down".
  if (
    word.length <= 3 &&
    !(previous && /^(on|next|this|or|and)$/.test(previous)) &&
    !(next && Object.hasOwn(PARTS, next))
  )
    return null;
  let day = today.plus({ days: (WEEKDAYS[word] - today.weekday + 7) % 7 || 7 });
  if (previous === 'next' && day.hasSame(today, 'week')) day = day.plus({ weeks: 1 });
  return [day];
}

/** A time at `at`: "10am", "3:30 pm", "at 10", "around 4", "noon", "15:00"; hours without am or pm read as working hours. */
function timeAt(words: string[], at: number): AskedMoment['time'] {
  const word = words[at];
  if (word === 'noon' || word === 'midday' || word === 'lunchtime') return { hour: 12, minute: 0 };
  if (!/^\d/.test(word)) return null;
  const [hourText, minuteText = '0'] = word.split(':');
  let hour = Number(hourText);
  const minute = Number(minuteText);
  if (hourText.length > 2 || minute > 59) return null;
  const after = words[at + 1];
  const meridiem =
    after === 'am' || after === 'pm'
      ? after
      : (after === 'a' || after === 'p') && words[at + 2] === 'm'
        ? `${after}m`
        : null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
    return { hour, minute };
  }
  if (!(word.includes(':') || TIME_LEAD.has(words[at - 1] ?? ''))) return null;
  if (hour > 23) return null;
  // "at 10" is the morning, "at 4" the afternoon: the hours a business takes calls.
  if (hour >= 1 && hour <= 6) hour += 12;
  return hour >= 7 && hour <= 21 ? { hour, minute } : null;
}

/** `count` weekdays (Monday to Friday) from `from`'s day on. */
export function workingDays(from: DateTime, count: number): DateTime[] {
  const days: DateTime[] = [];
  for (let day = from.startOf('day'); days.length < count; day = day.plus({ days: 1 })) {
    if (day.weekday <= 5) days.push(day);
  }
  return days;
}
