import { describe, expect, it } from 'vitest';
import { clickOutcome } from './click-rules';

const SENT = new Date('2026-11-23T10:00:00Z');
const daysLater = (days: number, ms = 0) => new Date(SENT.getTime() + days * 86_400_000 + ms);
const mail = { sentAt: SENT, linkHosts: ['example.test', 'shop.example.test:8443'] };
const OFFER = 'https://example.test/offer';

describe('what a signed click does', () => {
  it('leads to its page up to exactly CLICK_LINK_DAYS after its link was signed, not a millisecond more', () => {
    expect(clickOutcome({ url: OFFER, issuedAt: SENT }, mail, daysLater(30), 30)).toBe('redirect');
    expect(clickOutcome({ url: OFFER, issuedAt: SENT }, mail, daysLater(30, 1), 30)).toBe('expired');
    // A link of the first form ages from its mail's sending.
    expect(clickOutcome({ url: OFFER, issuedAt: null }, mail, daysLater(30), 30)).toBe('redirect');
    expect(clickOutcome({ url: OFFER, issuedAt: null }, mail, daysLater(30, 1), 30)).toBe('expired');
  });

  it('leads only to a host its mail carried as sent, port included, whatever the case of the name', () => {
    const at = daysLater(1);
    expect(clickOutcome({ url: 'https://EXAMPLE.test/other', issuedAt: SENT }, mail, at, 30)).toBe('redirect');
    expect(clickOutcome({ url: 'https://shop.example.test:8443/', issuedAt: SENT }, mail, at, 30)).toBe('redirect');
    for (const url of ['https://shop.example.test/', 'https://evil.test/', 'https://example.test.evil.test/']) {
      expect(clickOutcome({ url, issuedAt: SENT }, mail, at, 30), url).toBe('not_in_mail');
    }
    // Not in the mail and too old: nothing of it is shown (the expired page shows the address).
    expect(clickOutcome({ url: 'https://evil.test/', issuedAt: SENT }, mail, daysLater(31), 30)).toBe('not_in_mail');
  });

  it('holds a link of a mail whose hosts were never kept to its signature, and any link of no mail refused', () => {
    // Sent before hosts were kept (first-form links), or settled `sent` from the Sent folder after a crash.
    const unkept = { sentAt: SENT, linkHosts: null };
    expect(clickOutcome({ url: 'https://any.test/', issuedAt: null }, unkept, daysLater(1), 30)).toBe('redirect');
    expect(clickOutcome({ url: OFFER, issuedAt: SENT }, unkept, daysLater(1), 30)).toBe('redirect');
    expect(clickOutcome({ url: OFFER, issuedAt: SENT }, unkept, daysLater(31), 30)).toBe('expired');
    expect(clickOutcome({ url: 'https://evil.test/', issuedAt: null }, mail, daysLater(1), 30)).toBe('not_in_mail');
    expect(clickOutcome({ url: OFFER, issuedAt: SENT }, undefined, daysLater(1), 30)).toBe('not_in_mail');
  });
});
