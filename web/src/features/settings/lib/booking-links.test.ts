import { describe, expect, it } from 'vitest';
import { addBookingLink } from './booking-links';

describe('addBookingLink', () => {
  it('adds a web address, trimmed, at the end', () => {
    expect(addBookingLink([], ' https://calendly.com/dana/30min ')).toEqual(['https://calendly.com/dana/30min']);
    expect(addBookingLink(['https://a.example.com'], 'http://b.example.com/x?y=1')).toEqual([
      'https://a.example.com',
      'http://b.example.com/x?y=1',
    ]);
  });

  it('says why a link cannot be added', () => {
    expect(addBookingLink([], '')).toBe('A booking link cannot be empty');
    expect(addBookingLink([], 'calendly.com/dana')).toBe(
      '"calendly.com/dana" is not a web address: a booking link starts with http:// or https://',
    );
    expect(addBookingLink(['https://calendly.com/dana'], 'https://calendly.com/dana ')).toBe(
      'This booking link is already listed',
    );
    const five = Array.from({ length: 5 }, (_, i) => `https://cal.example.com/${i}`);
    expect(addBookingLink(five, 'https://cal.example.com/6')).toBe('You can list at most 5 booking links');
  });
});
