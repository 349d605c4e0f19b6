/** A new mailbox's first day of warm-up allows this many mails; each later day allows the step more. */
export const WARMUP_FIRST_DAY_LIMIT = 20;

/** The columns of an account the ramp reads. */
export type WarmupAccount = {
  dailyLimit: number;
  warmupEnabled: boolean;
  /** The user's local date (YYYY-MM-DD) of ramp day 1; null before it started (it starts today). */
  warmupStartDate: string | null;
  warmupDailyStep: number;
};

/** Where an account is on its ramp on the user's local date `today`; with warm-up off, day and fullFromDay are null. */
export type WarmupToday = {
  enabled: boolean;
  /** 1 on the first day. */
  day: number | null;
  /** The effective daily limit today: min(dailyLimit, 20 + (day - 1) × step), or the dailyLimit when warm. */
  limitToday: number;
  /** The first day the ramp reaches the dailyLimit. */
  fullFromDay: number | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const dateNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The one warm-up rule: the server's engine and the accounts screen both read the ramp from here. */
export function warmupToday(account: WarmupAccount, today: string): WarmupToday {
  if (!account.warmupEnabled) {
    return { enabled: false, day: null, limitToday: account.dailyLimit, fullFromDay: null };
  }
  // A clock or timezone change can put today before the start: still day 1.
  const day = Math.max(1, dateNumber(today) - dateNumber(account.warmupStartDate ?? today) + 1);
  const rampLimit = WARMUP_FIRST_DAY_LIMIT + (day - 1) * account.warmupDailyStep;
  const fullFromDay =
    1 + Math.max(0, Math.ceil((account.dailyLimit - WARMUP_FIRST_DAY_LIMIT) / account.warmupDailyStep));
  return { enabled: true, day, limitToday: Math.min(account.dailyLimit, rampLimit), fullFromDay };
}
