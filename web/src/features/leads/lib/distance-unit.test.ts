import { describe, expect, it } from 'vitest';
import { distanceUnitOf, formatRadius, radiusLimits, radiusToKm } from './distance-unit';

describe('the lead finder’s distance unit', () => {
  it('is miles where the locale’s region uses them, km elsewhere', () => {
    for (const locale of ['en-US', 'en-GB', 'en', 'es-US', 'en-LR', 'my-MM', 'my'])
      expect(distanceUnitOf(locale)).toBe('mi');
    for (const locale of ['de-DE', 'fr-CA', 'en-CA', 'en-AU', 'fr', 'not a locale'])
      expect(distanceUnitOf(locale)).toBe('km');
  });

  it('converts miles to the whole km the server takes, within its limits, and back for display', () => {
    expect(radiusLimits('mi')).toEqual({ min: 1, max: 31, default: 6 });
    expect(radiusToKm(6, 'mi')).toBe(10);
    expect(radiusToKm(31, 'mi')).toBe(50);
    expect(radiusToKm(1, 'mi')).toBe(2);
    expect(radiusToKm(12, 'km')).toBe(12);
    expect(formatRadius(10, 'mi')).toBe('6 miles');
    expect(formatRadius(2, 'mi')).toBe('1 mile');
    expect(formatRadius(10, 'km')).toBe('10 km');
  });
});
