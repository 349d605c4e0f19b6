import { formatSendingWindow } from '@contract/sending-window';
import { describe, expect, it } from 'vitest';
import { checkSendingWindow, toggleDay } from './sending-window';

describe('checkSendingWindow', () => {
  it('answers the window as the server keeps it', () => {
    expect(checkSendingWindow({ start: '08:00', end: '12:30', days: [5, 1, 1] })).toEqual({
      window: { start: '08:00', end: '12:30', days: [1, 5] },
    });
  });

  it("gives the schema's message under each field it refuses", () => {
    expect(checkSendingWindow({ start: '17:00', end: '09:00', days: [1] })).toEqual({
      errors: { end: 'The sending window must end after it starts' },
    });
    expect(checkSendingWindow({ start: '', end: '17:00', days: [] })).toEqual({
      errors: { start: 'Use a time such as 09:00', days: 'Choose at least one sending day' },
    });
  });
});

describe('toggleDay', () => {
  it('switches a day on in weekday order, or off', () => {
    expect(toggleDay([1, 5], 3)).toEqual([1, 3, 5]);
    expect(toggleDay([1, 3, 5], 3)).toEqual([1, 5]);
    expect(toggleDay([], 7)).toEqual([7]);
  });
});

describe('formatSendingWindow', () => {
  it('joins runs of three or more days and lists the others', () => {
    expect(formatSendingWindow({ start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] })).toBe('Mon–Fri, 09:00–17:00');
    expect(formatSendingWindow({ start: '08:30', end: '12:00', days: [1, 3, 5] })).toBe('Mon, Wed, Fri, 08:30–12:00');
    expect(formatSendingWindow({ start: '10:00', end: '14:00', days: [6, 7] })).toBe('Sat, Sun, 10:00–14:00');
    expect(formatSendingWindow({ start: '09:00', end: '17:00', days: [2, 3, 4, 7] })).toBe('Tue–Thu, Sun, 09:00–17:00');
    expect(formatSendingWindow({ start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] })).toBe(
      'Every day, 00:00–23:59',
    );
  });
});
