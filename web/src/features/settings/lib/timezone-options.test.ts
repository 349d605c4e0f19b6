import { describe, expect, it } from 'vitest';
import { timezoneOptions, utcOffset } from './timezone-options';

const january = new Date('2025-01-15T12:00:00Z');
const july = new Date('2025-07-15T12:00:00Z');

describe('utcOffset', () => {
  it("answers the zone's offset on that date, summer time included", () => {
    expect(utcOffset('America/Chicago', january)).toBe('UTC-06:00');
    expect(utcOffset('America/Chicago', july)).toBe('UTC-05:00');
    expect(utcOffset('Asia/Kolkata', january)).toBe('UTC+05:30');
    expect(utcOffset('UTC', january)).toBe('UTC+00:00');
    expect(utcOffset('America/St_Johns', january)).toBe('UTC-03:30');
    // Any moment, not only whole minutes.
    expect(utcOffset('UTC', new Date('2025-01-15T12:34:56.789Z'))).toBe('UTC+00:00');
    expect(utcOffset('Asia/Kolkata', new Date('2025-01-15T23:59:59.999Z'))).toBe('UTC+05:30');
  });
});

describe('timezoneOptions', () => {
  it('lists the zones by name with their offsets, adding UTC and the current zone once', () => {
    expect(timezoneOptions('Asia/Kolkata', ['Europe/Paris', 'America/Chicago', 'UTC'], january)).toEqual([
      { value: 'America/Chicago', label: 'America/Chicago (UTC-06:00)' },
      { value: 'Asia/Kolkata', label: 'Asia/Kolkata (UTC+05:30)' },
      { value: 'Europe/Paris', label: 'Europe/Paris (UTC+01:00)' },
      { value: 'UTC', label: 'UTC (UTC+00:00)' },
    ]);
  });

  it('does not repeat a current zone the runtime already lists', () => {
    expect(timezoneOptions('Europe/Paris', ['Europe/Paris'], july).map((option) => option.value)).toEqual([
      'Europe/Paris',
      'UTC',
    ]);
  });
});
