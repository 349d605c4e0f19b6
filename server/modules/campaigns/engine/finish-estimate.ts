import { DateTime } from 'luxon';
import type { SendingWindow } from '../../../../contract/sending-window';
import { type WarmupAccount, warmupToday } from '../../../../contract/warmup';

/** A mailbox of the campaign as the estimate reads it. */
export type EstimateMailbox = WarmupAccount & {
  /** Mails it sent on the user's local day of `now`. */
  sentToday: number;
  /** Its next pace slot (send-allowance.ts); null or past: it may send now. */
  nextSendAt: Date | null;
  sendsPerMinute: number;
};

export type FinishEstimateInput = {
  now: Date;
  /** The user's time zone: days, daily limits and the window are the user's. */
  timeZone: string;
  /** Mails that go at any hour: a campaign's first step (decision 0018). */
  anyTime: number;
  /** Mails held to the sending window (a sequence's later steps); claimed after the others, as their rows are newer. */
  inWindow: number;
  window: SendingWindow;
  mailboxes: EstimateMailbox[];
  /** Nothing finishes before this: a mail waiting to be tried again until then. */
  notBefore?: Date | null;
};

export type FinishEstimate = {
  finishAt: Date;
  /** Mails that go on a later day than today. */
  afterToday: number;
  /** When the first of those goes; null when all go today. */
  laterStartsAt: Date | null;
};

/**
 * The gap after each mail is 60/sendsPerMinute seconds times 1 to 1.5 at random (send-allowance.ts): 1.25 on average.
 */
const AVERAGE_GAP_FACTOR = 1.25;
/** Beyond three years the answer says nothing useful: no estimate. */
const MAX_DAYS = 3 * 366;

type Box = { gapMs: number; freeAt: number; sentToday: number; left: number; account: EstimateMailbox };

/** A mailbox's mails in [from, until] at its pace, within what it may still send today. */
function countBy(box: Box, from: number, until: number): number {
  const first = Math.max(box.freeAt, from);
  if (until < first || box.left <= 0) return 0;
  return Math.min(box.left, Math.floor((until - first) / box.gapMs) + 1);
}

/**
 * Sends up to `wanted` mails from the mailboxes (each at its own pace, as inbox rotation does) between `from` and
 * before `end`; answers how many went, the first and the last one's time.
 */
function sendWithin(boxes: Box[], from: number, end: number, wanted: number) {
  const total = (until: number) => boxes.reduce((sum, box) => sum + countBy(box, from, until), 0);
  let until = end - 1;
  if (until < from) return { sent: 0, firstAt: null, lastAt: null };
  if (total(until) > wanted) {
    // The first moment by which `wanted` mails have gone.
    let low = from;
    while (low < until) {
      const middle = Math.floor((low + until) / 2);
      if (total(middle) >= wanted) until = middle;
      else low = middle + 1;
    }
  }
  let sent = 0;
  let firstAt: number | null = null;
  let lastAt: number | null = null;
  for (const box of boxes) {
    const count = Math.min(countBy(box, from, until), wanted - sent);
    if (count <= 0) continue;
    const first = Math.max(box.freeAt, from);
    const last = first + (count - 1) * box.gapMs;
    firstAt = Math.min(firstAt ?? first, first);
    lastAt = Math.max(lastAt ?? last, last);
    box.freeAt = last + box.gapMs;
    box.left -= count;
    box.sentToday += count;
    sent += count;
  }
  return { sent, firstAt, lastAt };
}

const atTime = (day: DateTime, time: string) => {
  const [hour, minute] = time.split(':').map(Number);
  return day.set({ hour, minute }).toMillis();
};

/**
 * When a campaign's mails still to send should all have gone: day by day in the user's time zone, each mailbox sends
 * at its average pace until what its daily limit (after warm-up, contract/warmup.ts) leaves it for the day; mails of a
 * later step only inside the sending window. Null when nothing is left or nothing could send it.
 */
export function estimateFinish(input: FinishEstimateInput): FinishEstimate | null {
  const { now, timeZone, window } = input;
  let anyTime = Math.max(0, input.anyTime);
  let inWindow = Math.max(0, input.inWindow);
  if (anyTime + inWindow === 0 || input.mailboxes.length === 0) return null;
  const boxes: Box[] = input.mailboxes.map((account) => ({
    account,
    gapMs: (60_000 / Math.max(1, account.sendsPerMinute)) * AVERAGE_GAP_FACTOR,
    freeAt: Math.max(now.getTime(), account.nextSendAt?.getTime() ?? 0),
    sentToday: account.sentToday,
    left: 0,
  }));
  let day = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  let lastAt = now.getTime();
  let afterToday = 0;
  let laterStartsAt: number | null = null;
  for (let offset = 0; offset < MAX_DAYS && anyTime + inWindow > 0; offset += 1) {
    if (offset === 1) afterToday = anyTime + inWindow;
    const date = day.toISODate() as string;
    for (const box of boxes) {
      if (offset > 0) box.sentToday = 0;
      box.left = Math.max(0, warmupToday(box.account, date).limitToday - box.sentToday);
    }
    const dayEnd = day.plus({ days: 1 }).startOf('day').toMillis();
    const note = (went: ReturnType<typeof sendWithin>) => {
      if (went.lastAt !== null) lastAt = went.lastAt;
      if (offset > 0 && laterStartsAt === null && went.firstAt !== null) laterStartsAt = went.firstAt;
    };
    let from = Math.max(now.getTime(), day.toMillis());
    if (anyTime > 0) {
      const went = sendWithin(boxes, from, dayEnd, anyTime);
      anyTime -= went.sent;
      note(went);
      from = went.lastAt ?? from;
    }
    // The later steps' mails go after the first step's (their rows come after), inside the window only.
    if (anyTime === 0 && inWindow > 0 && window.days.includes(day.weekday)) {
      const went = sendWithin(boxes, Math.max(from, atTime(day, window.start)), atTime(day, window.end), inWindow);
      inWindow -= went.sent;
      note(went);
    }
    day = day.plus({ days: 1 }).startOf('day');
  }
  if (anyTime + inWindow > 0) return null;
  const finishAt = Math.max(lastAt, input.notBefore?.getTime() ?? 0);
  return {
    finishAt: new Date(finishAt),
    afterToday,
    laterStartsAt: laterStartsAt === null ? null : new Date(laterStartsAt),
  };
}
