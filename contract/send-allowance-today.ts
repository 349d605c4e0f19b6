import type { AccountWarmup } from './accounts';

/** The columns of an account's read that say what it may still send today. */
export type AllowanceAccount = {
  sentToday: number;
  dailyLimit: number;
  /** The limit today after warm-up (contract/warmup.ts). */
  effectiveDailyLimit: number;
  warmup: AccountWarmup;
};

/**
 * What a mailbox may still send today, and why that many: the one figure every screen shows for a mailbox's day
 * (accounts, the dashboard's select and summary), so no screen shows a cap another does not.
 */
export type TodayAllowance = {
  /** Emails it may still send today. */
  left: number;
  /** Today's limit: the warm-up's while the ramp is below the daily limit, else the daily limit. */
  limitToday: number;
  /** "warmup": the ramp holds it under its daily limit today; "daily_limit": the daily limit the user set. */
  reason: 'warmup' | 'daily_limit';
  /** The warm-up's day (1 on the first), while it is the reason. */
  warmupDay: number | null;
};

export function todayAllowance(account: AllowanceAccount): TodayAllowance {
  const warmingUp =
    account.warmup.enabled && account.warmup.day !== null && account.effectiveDailyLimit < account.dailyLimit;
  return {
    left: Math.max(0, account.effectiveDailyLimit - account.sentToday),
    limitToday: account.effectiveDailyLimit,
    reason: warmingUp ? 'warmup' : 'daily_limit',
    warmupDay: warmingUp ? account.warmup.day : null,
  };
}

const count = (value: number) => value.toLocaleString('en-US');

/** The reason in words: "warm-up day 1: 20 a day" or "daily limit: 300". */
export function allowanceReasonWords(allowance: TodayAllowance): string {
  return allowance.reason === 'warmup'
    ? `warm-up day ${allowance.warmupDay}: ${count(allowance.limitToday)} a day`
    : `daily limit: ${count(allowance.limitToday)}`;
}

/** "20 left today (warm-up day 1: 20 a day)", "280 left today (daily limit: 300)". */
export function allowanceWords(allowance: TodayAllowance): string {
  return `${count(allowance.left)} left today (${allowanceReasonWords(allowance)})`;
}
