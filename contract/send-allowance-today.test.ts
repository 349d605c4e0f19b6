import { describe, expect, it } from 'vitest';
import { allowanceWords, todayAllowance } from './send-allowance-today';

const warm = { enabled: false, day: null, limitToday: 300, fullFromDay: null };
const dayOne = { enabled: true, day: 1, limitToday: 20, fullFromDay: 57 };

describe('what a mailbox may still send today', () => {
  it('is the warm-up’s limit less what was sent while the ramp holds it under the daily limit', () => {
    const allowance = todayAllowance({ sentToday: 1, dailyLimit: 300, effectiveDailyLimit: 20, warmup: dayOne });
    expect(allowance).toEqual({ left: 19, limitToday: 20, reason: 'warmup', warmupDay: 1 });
    expect(allowanceWords(allowance)).toBe('19 left today (warm-up day 1: 20 a day)');
  });

  it('is the daily limit less what was sent for a warm mailbox, and never below zero', () => {
    const allowance = todayAllowance({ sentToday: 20, dailyLimit: 300, effectiveDailyLimit: 300, warmup: warm });
    expect(allowanceWords(allowance)).toBe('280 left today (daily limit: 300)');
    expect(todayAllowance({ sentToday: 350, dailyLimit: 300, effectiveDailyLimit: 300, warmup: warm }).left).toBe(0);
  });

  it('names the daily limit once the ramp has reached it, though warm-up is still on', () => {
    const reached = { enabled: true, day: 60, limitToday: 300, fullFromDay: 57 };
    const allowance = todayAllowance({ sentToday: 0, dailyLimit: 300, effectiveDailyLimit: 300, warmup: reached });
    expect(allowance.reason).toBe('daily_limit');
    expect(allowance.warmupDay).toBeNull();
  });
});
