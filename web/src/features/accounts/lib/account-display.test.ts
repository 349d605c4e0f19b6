import { describe, expect, it } from 'vitest';
import {
  dailyUsagePercent,
  providerLabel,
  sentTodayLabel,
  statusIcon,
  statusLabel,
  statusTone,
  warmupLabel,
} from './account-display';

describe('account status', () => {
  it('shows underscores as spaces', () => {
    expect(statusLabel('rate_limited')).toBe('rate limited');
    expect(statusLabel('active')).toBe('active');
  });

  it('colours active green, rate_limited yellow, error red and anything else grey', () => {
    expect(statusTone('active')).toBe('green');
    expect(statusTone('rate_limited')).toBe('yellow');
    expect(statusTone('error')).toBe('red');
    expect(statusTone('disconnected')).toBe('grey');
    expect(statusTone('paused')).toBe('grey');
  });

  it('gives active a check, rate_limited and error an alert, others nothing', () => {
    expect(statusIcon('active')).toBe('check');
    expect(statusIcon('rate_limited')).toBe('alert');
    expect(statusIcon('error')).toBe('alert');
    expect(statusIcon('disconnected')).toBeNull();
  });
});

describe('account counters', () => {
  it('reads as sent/limit today, counting a missing sentToday as 0', () => {
    expect(sentTodayLabel(12, 300)).toBe('12/300 today');
    expect(sentTodayLabel(null, 300)).toBe('0/300 today');
  });

  it('measures the day used, capped at 100', () => {
    expect(dailyUsagePercent(150, 300)).toBe(50);
    expect(dailyUsagePercent(undefined, 300)).toBe(0);
    expect(dailyUsagePercent(400, 300)).toBe(100);
    expect(dailyUsagePercent(0, 0)).toBe(100);
  });
});

describe('providerLabel', () => {
  it('names each provider', () => {
    expect(providerLabel('outlook')).toBe('Outlook / Microsoft 365');
    expect(providerLabel('gmail')).toBe('Google');
    expect(providerLabel('smtp')).toBe('SMTP / IMAP');
  });
});

describe('the warm-up line', () => {
  it('tells the day, today’s limit and the day the ramp reaches the daily limit', () => {
    expect(warmupLabel({ enabled: true, day: 4, limitToday: 35, fullFromDay: 57 }, 300)).toBe(
      'Warm-up day 4: 35 a day, rising to your daily limit of 300 by day 57',
    );
    expect(warmupLabel({ enabled: true, day: 1, limitToday: 20, fullFromDay: 197 }, 1000)).toBe(
      'Warm-up day 1: 20 a day, rising to your daily limit of 1,000 by day 197',
    );
  });

  it('says nothing for a warm mailbox or a finished ramp', () => {
    expect(warmupLabel({ enabled: false, day: null, limitToday: 300, fullFromDay: null }, 300)).toBeNull();
    expect(warmupLabel({ enabled: true, day: 57, limitToday: 300, fullFromDay: 57 }, 300)).toBeNull();
  });
});
