import { describe, expect, it } from 'vitest';
import { dailyLimitWaitWords } from './daily-limit-wait';

const weekdays = { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] };
// Tuesday 2026-12-01, 15:00 in Chicago; the limits start again at the user's midnight.
const now = new Date('2026-12-01T21:00:00Z');
const midnight = new Date('2026-12-02T06:00:00Z');
const newMailbox = {
  email: 'sam@shop.test',
  dailyLimit: 300,
  warmupEnabled: true,
  warmupStartDate: '2026-12-01',
  warmupDailyStep: 5,
};
const warmMailbox = { ...newMailbox, email: 'old@shop.test', warmupEnabled: false };
const words = (
  mailboxes: (typeof newMailbox)[],
  left: number,
  window: typeof weekdays | null = weekdays,
  at = now,
  resets = midnight,
) => dailyLimitWaitWords({ mailboxes, left, limitsResetAt: resets, now: at, timeZone: 'America/Chicago', window });

describe('what a campaign at its mailboxes’ daily limit waits for', () => {
  it('names the warm-up as the reason, and when the emails left go out (the window’s start tomorrow)', () => {
    expect(words([newMailbox], 10)).toBe(
      'Warm-up: 20 a day on day 1 for sam@shop.test; 10 emails go out tomorrow at 09:00',
    );
  });

  it('says how many go the next day when the next day’s limit cannot take them all', () => {
    // Day 2 of the ramp allows 25.
    expect(words([newMailbox], 40)).toBe(
      'Warm-up: 20 a day on day 1 for sam@shop.test; 40 emails wait: 25 go out tomorrow at 09:00, the rest on the days after',
    );
  });

  it('names the daily limit the user set for a warm mailbox; first touches go on from midnight', () => {
    expect(words([warmMailbox], 1, null)).toBe(
      'Daily limit of 300 reached on old@shop.test; 1 email goes out after midnight',
    );
  });

  it('waits for the next sending day after a weekend, by its name', () => {
    // Friday 2026-12-04, 15:00 in Chicago: Saturday and Sunday are outside the window.
    const friday = new Date('2026-12-04T21:00:00Z');
    const saturday = new Date('2026-12-05T06:00:00Z');
    expect(words([warmMailbox], 5, weekdays, friday, saturday)).toBe(
      'Daily limit of 300 reached on old@shop.test; 5 emails go out on Monday at 09:00',
    );
  });

  it('names each mailbox and its own limit with inbox rotation', () => {
    expect(words([newMailbox, warmMailbox], 30)).toBe(
      "Today's limits reached on sam@shop.test (warm-up day 1: 20 a day), old@shop.test (daily limit: 300); 30 emails go out tomorrow at 09:00",
    );
  });
});
