import { describe, expect, it } from 'vitest';
import { parseDailyLimit, parseSendsPerMinute } from './daily-limit';

describe('parseDailyLimit', () => {
  it('reads a whole number of emails', () => {
    expect(parseDailyLimit('300')).toBe(300);
    expect(parseDailyLimit(' 50 ')).toBe(50);
  });

  it('refuses zero, fractions, signs and text', () => {
    expect(parseDailyLimit('0')).toBe('The daily limit must be at least 1');
    expect(parseDailyLimit('10001')).toBe('The daily limit can be at most 10,000');
    expect(parseDailyLimit('10000')).toBe(10_000);
    for (const text of ['', '2.5', '-3', 'many', '1e3']) {
      expect(parseDailyLimit(text)).toBe('Enter a whole number of emails');
    }
  });
});

describe('parseSendsPerMinute', () => {
  it('reads 1 to 1000 emails a minute', () => {
    expect(parseSendsPerMinute('1')).toBe(1);
    expect(parseSendsPerMinute('1000')).toBe(1000);
  });

  it('refuses what the server would refuse, in the server’s words', () => {
    expect(parseSendsPerMinute('0')).toBe('The pace must be at least 1 email a minute');
    expect(parseSendsPerMinute('1001')).toBe('The pace can be at most 1000 emails a minute');
    expect(parseSendsPerMinute('fast')).toBe('Enter a whole number of emails');
  });
});
