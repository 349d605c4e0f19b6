import { DateTime } from 'luxon';
import { allowanceReasonWords, todayAllowance } from '../../../../contract/send-allowance-today';
import { nextSendingTime, type SendingWindow } from '../../../../contract/sending-window';
import { type WarmupAccount, warmupToday } from '../../../../contract/warmup';

/** A mailbox of the campaign at its limit today: its ramp columns, so today's and the next day's limits are known. */
export type MailboxAtLimit = WarmupAccount & { email: string };

const count = (value: number) => value.toLocaleString('en-US');
const emails = (value: number) => `${count(value)} email${value === 1 ? '' : 's'}`;

/** The mailbox's allowance today, used up: its limit and why that limit (contract/send-allowance-today.ts). */
function usedUp(mailbox: MailboxAtLimit, today: string) {
  const warmup = warmupToday(mailbox, today);
  return todayAllowance({
    sentToday: warmup.limitToday,
    dailyLimit: mailbox.dailyLimit,
    effectiveDailyLimit: warmup.limitToday,
    warmup,
  });
}

/** Why the mailbox stopped today: "Warm-up: 20 a day on day 1 for a@b" or "Daily limit of 300 reached on a@b". */
function oneMailbox(mailbox: MailboxAtLimit, today: string): string {
  const allowance = usedUp(mailbox, today);
  return allowance.reason === 'warmup'
    ? `Warm-up: ${count(allowance.limitToday)} a day on day ${allowance.warmupDay} for ${mailbox.email}`
    : `Daily limit of ${count(allowance.limitToday)} reached on ${mailbox.email}`;
}

function severalMailboxes(mailboxes: MailboxAtLimit[], today: string): string {
  const each = mailboxes.map((mailbox) => `${mailbox.email} (${allowanceReasonWords(usedUp(mailbox, today))})`);
  return `Today's limits reached on ${each.join(', ')}`;
}

/** "after midnight", "tomorrow at 09:00", "on Monday at 09:00": the next sending moment, in the user's time zone. */
function whenWords(resumes: DateTime, now: DateTime): string {
  const time = resumes.toFormat('HH:mm');
  const tomorrow = resumes.hasSame(now.plus({ days: 1 }), 'day');
  if (tomorrow && time === '00:00') return 'after midnight';
  if (tomorrow) return `tomorrow at ${time}`;
  if (resumes.hasSame(now, 'day')) return `today at ${time}`;
  return `on ${resumes.toFormat('cccc')} at ${time}`;
}

/**
 * What a campaign whose every mailbox is at today's limit waits for, in words: which limit (the warm-up's or the
 * daily limit the user set) and when its emails go out — at the user's midnight, or the first moment of the sending
 * window after it for follow-up steps, as many as the mailboxes' limits allow that day.
 * ("Warm-up: 20 a day on day 1 for a@b; 10 emails go out tomorrow at 09:00")
 */
export function dailyLimitWaitWords(input: {
  mailboxes: MailboxAtLimit[];
  /** Emails of the campaign still to send. */
  left: number;
  /** The user's next midnight, when the limits start again. */
  limitsResetAt: Date;
  now: Date;
  timeZone: string;
  /** The window the emails left keep to; null when they go from midnight (first touches do). */
  window: SendingWindow | null;
}): string {
  const now = DateTime.fromJSDate(input.now, { zone: input.timeZone });
  const today = now.toISODate() ?? '';
  const resumesAt = input.window
    ? nextSendingTime(input.limitsResetAt, input.window, input.timeZone)
    : input.limitsResetAt;
  const resumes = DateTime.fromJSDate(resumesAt, { zone: input.timeZone });
  const resumeDay = resumes.toISODate() ?? '';
  const head =
    input.mailboxes.length === 1 ? oneMailbox(input.mailboxes[0], today) : severalMailboxes(input.mailboxes, today);
  const capacity = input.mailboxes.reduce((sum, mailbox) => sum + warmupToday(mailbox, resumeDay).limitToday, 0);
  const when = whenWords(resumes, now);
  if (input.left <= capacity) {
    return `${head}; ${emails(input.left)} ${input.left === 1 ? 'goes' : 'go'} out ${when}`;
  }
  return `${head}; ${emails(input.left)} wait: ${count(capacity)} go out ${when}, the rest on the days after`;
}
