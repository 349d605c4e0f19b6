import { describe, expect, it } from 'vitest';
import { warmupToday } from './warmup';

const ramp = { dailyLimit: 300, warmupEnabled: true, warmupStartDate: '2026-11-20', warmupDailyStep: 5 };

describe('the warm-up ramp', () => {
  it('starts at 20 and rises by the step each day up to the daily limit', () => {
    expect(warmupToday(ramp, '2026-11-20')).toEqual({ enabled: true, day: 1, limitToday: 20, fullFromDay: 57 });
    expect(warmupToday(ramp, '2026-11-21').limitToday).toBe(25);
    expect(warmupToday(ramp, '2026-11-23')).toEqual({ enabled: true, day: 4, limitToday: 35, fullFromDay: 57 });
    expect(warmupToday(ramp, '2027-01-14')).toMatchObject({ day: 56, limitToday: 295 });
    expect(warmupToday(ramp, '2027-01-15')).toMatchObject({ day: 57, limitToday: 300 });
    expect(warmupToday(ramp, '2027-06-01').limitToday).toBe(300);
  });

  it('counts calendar dates across month ends and daylight-saving changes', () => {
    expect(warmupToday({ ...ramp, warmupStartDate: '2026-03-28' }, '2026-03-30').day).toBe(3);
    expect(warmupToday({ ...ramp, warmupStartDate: '2026-02-28' }, '2026-03-01').day).toBe(2);
  });

  it('uses the account’s step, and a daily limit under 20 from day 1', () => {
    expect(warmupToday({ ...ramp, warmupDailyStep: 10 }, '2026-11-23')).toMatchObject({
      limitToday: 50,
      fullFromDay: 29,
    });
    expect(warmupToday({ ...ramp, dailyLimit: 12 }, '2026-11-20')).toMatchObject({ limitToday: 12, fullFromDay: 1 });
  });

  it('is day 1 before it started, or when today comes before the start', () => {
    expect(warmupToday({ ...ramp, warmupStartDate: null }, '2026-11-23')).toMatchObject({ day: 1, limitToday: 20 });
    expect(warmupToday(ramp, '2026-11-19')).toMatchObject({ day: 1, limitToday: 20 });
  });

  it('gives the full daily limit to a warm mailbox', () => {
    expect(warmupToday({ ...ramp, warmupEnabled: false }, '2026-11-20')).toEqual({
      enabled: false,
      day: null,
      limitToday: 300,
      fullFromDay: null,
    });
  });
});
