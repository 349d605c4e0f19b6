import type { SelectOption } from '@/components/option-select';

/** "UTC-05:00", "UTC+05:30" or "UTC+00:00": the zone's offset from UTC at `at`, worded the same in every browser. */
export function utcOffset(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value);
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  const minutes = Math.round((wallClock - at.getTime()) / 60_000);
  const size = Math.abs(minutes);
  const hhmm = `${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
  return `UTC${minutes < 0 ? '-' : '+'}${hhmm}`;
}

/**
 * The zones to choose from, by name, each with its offset now. The runtime's list leaves out UTC and aliases some
 * browsers report (Asia/Kolkata), so UTC and the user's current zone are added when missing.
 */
export function timezoneOptions(current: string, supported: readonly string[], at: Date): SelectOption[] {
  const zones = [...new Set([...supported, 'UTC', current])].sort();
  return zones.map((zone) => ({ value: zone, label: `${zone} (${utcOffset(zone, at)})` }));
}
