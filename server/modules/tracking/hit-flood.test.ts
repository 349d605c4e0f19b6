import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, trackingEvents } from '../../db/schema';
import type { createTestApp } from '../../test/app';
import { type HttpGet, pathOf } from '../../test/http-get';
import type { SmtpPeer } from '../../test/smtp-peer';
import { CHROME_USER_AGENT, sendTrackedCampaign, startTrackingApp } from '../../test/tracked-campaign';
import { STORED_EVENTS_PER_MAIL } from './hit-rows';

// One valid pixel hit thousands of times (decision 0059): over real HTTP, as the audit's flood came.
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SENT = new Date('2026-11-23T10:00:00Z');
let now = SENT;
const clock = { now: () => now };
const minutesAfterSending = (minutes: number, seconds = 0) => {
  now = new Date(SENT.getTime() + minutes * 60_000 + seconds * 1000);
};
let t: TestApp;
let smtp: SmtpPeer;
let get: HttpGet;
let close: () => Promise<void>;

const BODY = '<p>Hi {firstName}, see <a href="https://example.test/offer">our offer</a>.</p>';
/** Apple Mail Privacy Protection's bare user agent: a machine's open (machine-hits.ts). */
const MACHINE = 'Mozilla/5.0';

beforeAll(async () => {
  ({ t, smtp, get, close } = await startTrackingApp({}, clock));
});
afterAll(() => close?.());

/** A user with one tracked mail sent at SENT: its pixel's path, its row, and the user's dashboard figures. */
async function oneMail(label: string) {
  now = SENT;
  const { userId, mails, stats } = await sendTrackedCampaign(t, smtp, { label, count: 1, body: BODY });
  const [row] = await t.database.db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.userId, userId));
  return { pixel: pathOf(String(mails[0].pixel)), mailId: row.id, stats };
}

const eventsOf = (mailId: number) =>
  t.database.db
    .select({ ipAddress: trackingEvents.ipAddress, hits: trackingEvents.hits, machine: trackingEvents.machine })
    .from(trackingEvents)
    .where(eq(trackingEvents.recipientId, mailId))
    .orderBy(trackingEvents.id);

const notStoredOn = async (mailId: number) =>
  (
    await t.database.db
      .select({ hits: campaignRecipients.hitsNotStored })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.id, mailId))
  )[0].hits;

/** `count` GETs of `path`, 32 at a time; every answer must be the pixel. */
async function hitMany(path: string, count: number, userAgent: string) {
  let sent = 0;
  const statuses = new Set<number>();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (sent < count) {
        sent += 1;
        const answer = await get(path, { userAgent });
        statuses.add(answer.status);
      }
    }),
  );
  expect([...statuses]).toEqual([200]);
}

// Thousands of requests over real sockets: 10 to 30 s on a busy 2-core machine.
describe('a flood of one mail’s pixel', () => {
  it('stores 12,000 hits from one address within a minute as one event that counts them, the figures as for one hit', async () => {
    const single = await oneMail('single');
    const flooded = await oneMail('flooded');
    minutesAfterSending(5, 10);
    expect((await get(single.pixel, { userAgent: MACHINE })).status).toBe(200);
    await hitMany(flooded.pixel, 12_000, MACHINE);

    expect(await eventsOf(flooded.mailId)).toEqual([{ ipAddress: '127.0.0.1', hits: 12_000, machine: true }]);
    expect(await flooded.stats()).toEqual(await single.stats());
    expect(await flooded.stats()).toMatchObject({ emailsOpened: 0, machineEventsLeftOut: 1 });

    // A person reading from the same address in the same minute makes it a person's open, as for the single hit.
    minutesAfterSending(5, 50);
    await get(single.pixel, { userAgent: CHROME_USER_AGENT });
    await get(flooded.pixel, { userAgent: CHROME_USER_AGENT });
    expect(await flooded.stats()).toEqual(await single.stats());
    expect(await flooded.stats()).toMatchObject({ emailsOpened: 1, openRate: 100, machineEventsLeftOut: 0 });

    // Another address in the same minute, then the first address a minute later: an event each.
    await get(flooded.pixel, { userAgent: CHROME_USER_AGENT, from: '127.0.0.2' });
    minutesAfterSending(6, 1);
    await get(flooded.pixel, { userAgent: CHROME_USER_AGENT });
    expect(await eventsOf(flooded.mailId)).toEqual([
      { ipAddress: '127.0.0.1', hits: 12_001, machine: false },
      { ipAddress: '127.0.0.2', hits: 1, machine: false },
      { ipAddress: '127.0.0.1', hits: 1, machine: false },
    ]);
    expect(await notStoredOn(flooded.mailId)).toBe(0);
  }, 120_000);

  it('stores at most 1,000 events of a mail, counting the hits past them on it, but for a person’s first open', async () => {
    const { pixel, mailId, stats } = await oneMail('ceiling');
    // A machine's hits, each in a minute of its own, so that none is a repeat.
    for (let minute = 0; minute < STORED_EVENTS_PER_MAIL + 20; minute++) {
      minutesAfterSending(10 + minute);
      expect((await get(pixel, { userAgent: MACHINE })).status).toBe(200);
    }
    expect(await eventsOf(mailId)).toHaveLength(1000);
    expect(await notStoredOn(mailId)).toBe(20);
    expect(await stats()).toMatchObject({ emailsOpened: 0, machineEventsLeftOut: 1000 });

    // The person's open is stored all the same (the figures need it); their next one is only counted.
    minutesAfterSending(2000);
    expect((await get(pixel, { userAgent: CHROME_USER_AGENT })).status).toBe(200);
    minutesAfterSending(2001);
    expect((await get(pixel, { userAgent: CHROME_USER_AGENT })).status).toBe(200);
    expect(await eventsOf(mailId)).toHaveLength(1001);
    expect(await notStoredOn(mailId)).toBe(21);
    expect(await stats()).toMatchObject({ emailsOpened: 1, openRate: 100, machineEventsLeftOut: 1000 });
  }, 120_000);
});
