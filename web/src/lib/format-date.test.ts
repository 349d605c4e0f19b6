import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, formatMonthDay } from './format-date';

// Built from local parts, so the expectations hold in any time zone.
const afternoon = new Date(2025, 2, 7, 15, 5).toISOString();
const midnight = new Date(2024, 11, 31, 0, 9).toISOString();
const noon = new Date(2024, 0, 15, 12, 0).toISOString();

describe('date formats', () => {
  it('formats email history dates as "MMM dd, yyyy h:mm a"', () => {
    expect(formatDayTime(afternoon)).toBe('Mar 07, 2025 3:05 PM');
    expect(formatDayTime(midnight)).toBe('Dec 31, 2024 12:09 AM');
    expect(formatDayTime(noon)).toBe('Jan 15, 2024 12:00 PM');
  });

  it('formats the last contact as "MMM dd" and the added date as "MMM dd, yyyy"', () => {
    expect(formatMonthDay(afternoon)).toBe('Mar 07');
    expect(formatDay(midnight)).toBe('Dec 31, 2024');
  });

  it('reads a bare YYYY-MM-DD as that local day, whatever the time zone', () => {
    expect(formatDay('2025-03-07')).toBe('Mar 07, 2025');
    expect(formatMonthDay('2024-12-31')).toBe('Dec 31');
  });

  it('reads "Never" when missing and "Invalid date" when unparseable', () => {
    for (const format of [formatDayTime, formatMonthDay, formatDay]) {
      expect(format(null)).toBe('Never');
      expect(format(undefined)).toBe('Never');
      expect(format('')).toBe('Never');
      expect(format('not a date')).toBe('Invalid date');
    }
  });
});
