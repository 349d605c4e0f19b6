import { DateTime } from 'luxon';
import { TONES } from '../offline-phrasing';
import { type AskedMoment, askedMoment, PART_HOUR, workingDays } from './reply-moment';
import type { ReplySuggester, ReplySuggestionRequest } from './reply-suggester';

/** The hours offered for a call, one per working day from the next one on. */
const CALL_HOURS = [10, 14, 11];
/** How far ahead a "later" reply is followed up. */
const FOLLOW_UP_WEEKS = 2;

/**
 * The built-in suggester used when no AI provider is configured: a short, sensible answer by the reply's priority.
 * Hot: thanks and three times for a call on the next working days; high: thanks and a call to answer the questions;
 * medium: a follow-up on a date two weeks ahead; other: thanks and a polite close. When the prospect names a day or a
 * time ("call me Tuesday afternoon", "tomorrow at 10", "next week"), that is what is proposed, or when the follow-up
 * comes, in the user's time zone. Deterministic and offline.
 */
export class OfflineReplySuggester implements ReplySuggester {
  readonly source = 'offline' as const;

  async suggest(request: ReplySuggestionRequest): Promise<string> {
    const { profile, prospect, tone } = request;
    const phrases = TONES[tone];
    const name = prospect.firstName?.trim();
    const greeting = name
      ? `${phrases.greeting} ${name},`
      : tone === 'professional'
        ? 'Hello,'
        : `${phrases.greeting},`;
    const company = profile.companyName?.trim();
    const signature = [phrases.signOff, profile.firstName?.trim() || company || '', profile.firstName ? company : '']
      .filter(Boolean)
      .join('\n');
    return [greeting, ...middle(request), signature].join('\n\n');
  }
}

function middle({ priority, profile, prospect, prospectText, now, timeZone }: ReplySuggestionRequest): string[] {
  const service = profile.service?.trim() || 'what we do';
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  const asked = priority === 'other' ? null : askedMoment(prospectText, local);
  switch (priority) {
    case 'hot': {
      if (asked) return ['Thank you for getting back to me. I would be glad to talk it through.', ...proposal(asked)];
      const times = workingDaysAfter(local, CALL_HOURS.length).map((day, index) =>
        slot(day.set({ hour: CALL_HOURS[index], minute: 0 })),
      );
      return [
        'Thank you for getting back to me. I would be glad to talk it through.',
        `Would one of these times work for a short call?\n${times.map((time) => `- ${time}`).join('\n')}`,
        'If none of them suits you, just tell me a time that does and I will make it work.',
      ];
    }
    case 'high': {
      if (asked) {
        return [
          `Thank you for your reply and your interest in ${service}. I am happy to answer your questions.`,
          ...proposal(asked),
        ];
      }
      const [first, second] = workingDaysAfter(local, 2).map((day) => day.toFormat('cccc'));
      return [
        `Thank you for your reply and your interest in ${service}.`,
        `I am happy to answer your questions. The quickest way is often a 15-minute call: would ${first} or ${second} suit you? If you prefer, I can send the details by email instead.`,
      ];
    }
    case 'medium': {
      const date = (asked?.days[0] ?? local.plus({ weeks: FOLLOW_UP_WEEKS })).toFormat('cccc, LLLL d');
      return [
        'Thank you for letting me know, I understand the timing may not be right just now.',
        `I will follow up on ${date}${prospect.company ? ` to see where things stand at ${prospect.company}` : ''}. In the meantime, feel free to reach out whenever it suits you.`,
      ];
    }
    default:
      return [
        'Thank you for taking the time to reply, I appreciate it.',
        'I understand, and I will not take up more of your time. If anything changes, you know where to find me.',
      ];
  }
}

/** "Tuesday, December 1 at 2:00 PM CST": a time in the user's zone, said with its zone. */
const slot = (time: DateTime) => time.toFormat("cccc, LLLL d 'at' h:mm a ZZZZ");

/** The call the prospect asked for: the time they named on the day they named, or a time in their part of the day. */
function proposal({ days, time, partOfDay }: AskedMoment): string[] {
  const at = (day: DateTime, index: number) =>
    day.set(time ?? { hour: partOfDay ? PART_HOUR[partOfDay] : CALL_HOURS[index % CALL_HOURS.length], minute: 0 });
  if (days.length === 1) {
    const [when] = days.map(at);
    return time
      ? [`That works well for me: I will call you on ${slot(when)}.`, 'If anything changes, just let me know.']
      : [
          // "Tuesday afternoon suits me well.": the day (and the part of it) as the prospect put it.
          `${when.toFormat('cccc')}${partOfDay ? ` ${partOfDay}` : ''} suits me well. Shall I call you on ${slot(when)}?`,
          `If another time${partOfDay ? ` that ${partOfDay}` : ' that day'} is better for you, just let me know.`,
        ];
  }
  const times = days.slice(0, 3).map(at);
  return [
    `That suits me well. Would one of these times work for a short call?\n${times.map((when) => `- ${slot(when)}`).join('\n')}`,
    'If another time is better for you, just let me know.',
  ];
}

/** The next `count` weekdays (Monday to Friday) after `from`'s day. */
const workingDaysAfter = (from: DateTime, count: number) => workingDays(from.startOf('day').plus({ days: 1 }), count);
