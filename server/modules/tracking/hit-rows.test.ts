import { describe, expect, it } from 'vitest';
import { eventsToStore, hitRows, type PendingHit, type SentMail, STORED_EVENTS_PER_MAIL } from './hit-rows';

const SENT = new Date('2026-11-23T10:00:00Z');
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const mail = (storedEvents = 0): SentMail => ({
  userId: 'u',
  sentAt: SENT,
  linkHosts: ['example.test'],
  humanOpened: false,
  humanClicked: false,
  storedEvents,
});
/** An open of mail `recipientId` `seconds` after 10:05, from `ip`, by a person (Chrome) or Apple's proxy. */
const open = (recipientId: number, seconds: number, ip: string, userAgent = CHROME): PendingHit => ({
  kind: 'open',
  recipientId,
  url: null,
  at: new Date(SENT.getTime() + 5 * 60_000 + seconds * 1000),
  request: { method: 'GET', ip, userAgent },
});

describe('the events a group of hits stores', () => {
  it('one per mail, address and minute, its repeats counted, a person’s hit making it a person’s', () => {
    const sent = new Map([
      [2, mail()],
      [1, mail()],
    ]);
    const hits = [
      open(2, 1, '192.0.2.10', 'Mozilla/5.0'),
      open(2, 2, '192.0.2.10', CHROME),
      open(2, 3, '192.0.2.10', 'Mozilla/5.0'),
      open(1, 4, '203.0.113.7'),
      open(2, 5, '203.0.113.7'),
      open(2, 61, '203.0.113.7'),
    ];
    const { events, notStored } = eventsToStore(hitRows(hits, sent, []).rows, sent);
    expect(events.map((event) => [event.recipientId, event.ipAddress, event.hits, event.machine])).toEqual([
      [1, '203.0.113.7', 1, false],
      [2, '192.0.2.10', 3, false],
      [2, '203.0.113.7', 1, false],
      [2, '203.0.113.7', 1, false],
    ]);
    expect(events[1]).toMatchObject({ machineReason: null, userAgent: CHROME, createdAt: hits[0].at });
    expect(notStored.size).toBe(0);
  });

  it('a mail’s events up to its ceiling, the rest counted, but for a person’s first open', () => {
    const sent = new Map([[1, mail(STORED_EVENTS_PER_MAIL - 2)]]);
    const machine = (second: number) => open(1, second * 60, `198.51.100.${second}`, 'Mozilla/5.0');
    const hits = [machine(0), machine(1), machine(2), machine(2), open(1, 200, '203.0.113.7'), open(1, 300, '::1')];
    const { events, notStored } = eventsToStore(hitRows(hits, sent, []).rows, sent);
    expect(events.map((event) => [event.ipAddress, event.machine])).toEqual([
      ['198.51.100.0', true],
      ['198.51.100.1', true],
      ['203.0.113.7', false],
    ]);
    expect(notStored).toEqual(new Map([[1, 3]]));
  });
});
