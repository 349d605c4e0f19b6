import { describe, expect, it } from 'vitest';
import {
  CLICK_AFTER_SEND_MS,
  CLICK_BURST_MS,
  machineReason,
  OPEN_AFTER_SEND_MS,
  type TrackingHit,
} from './machine-hits';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const sentAt = new Date('2026-11-23T10:00:00Z');
const later = (ms: number) => new Date(sentAt.getTime() + ms);

/** A person's hit, an hour after sending, from an ordinary address; each test changes one thing. */
const hit = (changes: Partial<TrackingHit> = {}): TrackingHit => ({
  kind: 'click',
  method: 'GET',
  userAgent: chrome,
  ip: '203.0.113.7',
  at: later(3_600_000),
  sentAt,
  url: 'https://example.test/a',
  earlierClicks: [],
  ...changes,
});

describe('machine hits', () => {
  it('take an ordinary browser, some time after sending, for a person', () => {
    expect(machineReason(hit())).toBeNull();
    expect(machineReason(hit({ kind: 'open', url: null }))).toBeNull();
    // An ordinary Apple Mail with privacy protection off, and a person on Apple's network clicking.
    const appleMail = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)';
    expect(machineReason(hit({ kind: 'open', url: null, userAgent: appleMail }))).toBeNull();
    expect(machineReason(hit({ ip: '17.58.1.2' }))).toBeNull();
  });

  it('flag mail-privacy proxies and scanners by their user agent', () => {
    for (const userAgent of [
      'Mozilla/5.0', // Apple Mail Privacy Protection
      'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
      'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html',
    ]) {
      expect(machineReason(hit({ kind: 'open', url: null, userAgent }))).toBe('bot_user_agent');
    }
    expect(machineReason(hit({ userAgent: undefined }))).toBe('no_user_agent');
    expect(machineReason(hit({ userAgent: '  ' }))).toBe('no_user_agent');
    expect(machineReason(hit({ method: 'HEAD' }))).toBe('head_request');
  });

  it('flag Microsoft’s scanners by address, and Apple’s proxies for opens', () => {
    for (const ip of ['40.92.0.1', '40.93.255.254', '40.107.12.3', '52.100.1.1', '52.103.9.9', '104.47.127.1']) {
      expect(machineReason(hit({ ip })), ip).toBe('scanner_address');
    }
    expect(machineReason(hit({ ip: '::ffff:40.107.12.3' }))).toBe('scanner_address');
    expect(machineReason(hit({ ip: '2a01:111:f400:7e1c::5' }))).toBe('scanner_address');
    for (const ip of ['40.94.0.1', '52.104.0.1', '104.47.128.1', '2a01:111:f401::1']) {
      expect(machineReason(hit({ ip })), ip).toBeNull();
    }
    expect(machineReason(hit({ kind: 'open', url: null, ip: '17.58.1.2' }))).toBe('privacy_proxy_address');
  });

  it('flag an open or a click too soon after sending', () => {
    expect(machineReason(hit({ kind: 'open', url: null, at: later(OPEN_AFTER_SEND_MS - 1) }))).toBe(
      'too_soon_after_sending',
    );
    expect(machineReason(hit({ kind: 'open', url: null, at: later(OPEN_AFTER_SEND_MS) }))).toBeNull();
    expect(machineReason(hit({ at: later(CLICK_AFTER_SEND_MS - 1) }))).toBe('too_soon_after_sending');
    expect(machineReason(hit({ at: later(CLICK_AFTER_SEND_MS) }))).toBeNull();
  });

  it('flag a click on another link of the mail right after one, not the same link clicked twice', () => {
    const at = later(60_000);
    const earlier = (url: string, ms: number) => [{ url, at: new Date(at.getTime() - ms) }];
    expect(machineReason(hit({ at, earlierClicks: earlier('https://example.test/b', CLICK_BURST_MS) }))).toBe(
      'click_burst',
    );
    expect(machineReason(hit({ at, earlierClicks: earlier('https://example.test/b', CLICK_BURST_MS + 1) }))).toBeNull();
    expect(machineReason(hit({ at, earlierClicks: earlier('https://example.test/a', 100) }))).toBeNull();
  });
});
