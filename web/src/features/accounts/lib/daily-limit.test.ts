import { describe, expect, it } from 'vitest';
import { parseDailyLimit } from './daily-limit';

describe('parseDailyLimit', () => {
  it('reads a whole number of emails', () => {
    expect(parseDailyLimit('300')).toBe(300);
    expect(parseDailyLimit(' 50 ')).toBe(50);
  });

  it('refuses zero, fractions, signs and text', () => {
    expect(parseDailyLimit('0')).toBe('The daily limit must be at least 1');
    for (const text of ['', '2.5', '-3', 'many', '1e3']) {
      expect(parseDailyLimit(text)).toBe('Enter a whole number of emails');
    }
  });
});
