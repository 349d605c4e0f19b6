import { describe, expect, it } from 'vitest';
import { formatAccountDate } from './format-account-date';

describe('formatAccountDate', () => {
  it('reads a YYYY-MM-DD as that local day, whatever the time zone', () => {
    expect(formatAccountDate('2025-03-07')).toBe('Mar 7, 2025');
  });

  it('shows a timestamp as its local day', () => {
    expect(formatAccountDate('2025-12-31T12:00:00')).toBe('Dec 31, 2025');
  });

  it('says Never when missing and Invalid date when unparseable', () => {
    expect(formatAccountDate(null)).toBe('Never');
    expect(formatAccountDate('')).toBe('Never');
    expect(formatAccountDate('yesterday')).toBe('Invalid date');
  });
});
