import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, leads, trackingEvents, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { CHROME_USER_AGENT, sendTrackedCampaign } from '../../test/tracked-campaign';
import { queuedEvents, insertWebhookEndpoint as subscribeTo } from '../../test/webhook-deliveries';
import type { HitRequest } from './hit-rows';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SENT = new Date('2026-11-23T10:00:00Z');
let now = SENT;
const clock = { now: () => now };
const minutesAfterSending = (minutes: number) => {
  now = new Date(SENT.getTime() + minutes * 60_000);
};
let t: TestApp;
let smtp: SmtpPeer;

const OFFER = 'https://example.test/offer';
const ABOUT = 'https://example.test/about';
const BOOKING = 'https://cal.example.test/dana';
const BODY = `<p>Hi {firstName}, see <a href="${OFFER}">our offer</a>, <a href="${ABOUT}">about us</a> or <a href="${BOOKING}?utm_source=mail">book a call</a>.</p>`;
const PERSON = '203.0.113.7';
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({}, { clock }), startSmtpPeer()]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/**
 * A user who sent the campaign to `count` leads, with an endpoint for `events` (made after the sending, so the
 * import's lead.created are not among them), a booking link, and the mails as sent (their rows, by lead).
 */
async function campaignWithEndpoint(label: string, count: number, events = true) {
  now = SENT;
  const sent = await sendTrackedCampaign(t, smtp, { label, count, body: BODY });
  const { db } = t.database;
  await db
    .update(users)
    .set({ bookingUrls: [BOOKING] })
    .where(eq(users.id, sent.userId));
  if (events) await subscribeTo(db, sent.userId, ['email.opened', 'email.clicked', 'meeting.booked']);
  const rows = await db
    .select({ recipient: campaignRecipients, lead: leads })
    .from(campaignRecipients)
    .innerJoin(leads, eq(leads.id, campaignRecipients.leadId))
    .where(eq(campaignRecipients.userId, sent.userId))
    .orderBy(leads.id);
  const emailOf = (index: number) => {
    const { recipient, lead } = rows[index];
    return {
      id: recipient.id,
      campaignId: recipient.campaignId,
      step: 1,
      leadId: lead.id,
      to: lead.email,
      subject: `Hello L${index}`,
    };
  };
  const leadOf = (index: number) => {
    const { lead } = rows[index];
    return { id: lead.id, email: lead.email, firstName: `L${index}`, lastName: null, company: null, status: 'active' };
  };
  return { ...sent, emailOf, leadOf, events: () => queuedEvents(db, sent.userId) };
}

/** A request for a link of a mail, as a mail client or browser at `ip` makes it. */
const follow = (link: string, userAgent: string | undefined, ip = PERSON) => {
  const url = new URL(link);
  return t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    remoteAddress: ip,
    headers: { 'user-agent': userAgent ?? '' },
  });
};

describe('email.opened and email.clicked', () => {
  it('are queued once for each event of a person stored, with the mail; never for machines or repeats', async () => {
    const campaign = await campaignWithEndpoint('people', 2);
    const [first, second] = campaign.mails;
    const [offer] = first.hrefs;

    minutesAfterSending(5);
    await follow(String(first.pixel), CHROME_USER_AGENT);
    // The same person again within the minute: counted on the same event, no new one.
    await follow(String(first.pixel), CHROME_USER_AGENT);
    // Apple's privacy proxy and a request without user agent: machines.
    await follow(String(second.pixel), CHROME_USER_AGENT, '17.58.63.1');
    await follow(String(second.pixel), undefined);
    minutesAfterSending(6);
    expect((await follow(offer, CHROME_USER_AGENT)).statusCode).toBe(302);
    expect((await follow(second.hrefs[1], BOT)).statusCode).toBe(302);
    minutesAfterSending(8);
    await follow(String(first.pixel), CHROME_USER_AGENT);

    const openedAt = (minutes: number) => new Date(SENT.getTime() + minutes * 60_000).toISOString();
    expect(await campaign.events()).toEqual([
      { type: 'email.opened', data: { email: campaign.emailOf(0), openedAt: openedAt(5) } },
      { type: 'email.clicked', data: { email: campaign.emailOf(0), url: OFFER, clickedAt: openedAt(6) } },
      { type: 'email.opened', data: { email: campaign.emailOf(0), openedAt: openedAt(8) } },
    ]);
    const stored = await t.database.db
      .select({ machine: trackingEvents.machine })
      .from(trackingEvents)
      .where(eq(trackingEvents.userId, campaign.userId));
    expect(stored.filter((event) => event.machine)).toHaveLength(3);
  });

  it('are queued for no user without an endpoint that subscribes to them', async () => {
    const campaign = await campaignWithEndpoint('unheard', 1, false);
    await subscribeTo(t.database.db, campaign.userId, ['lead.created']);
    minutesAfterSending(5);
    await follow(String(campaign.mails[0].pixel), CHROME_USER_AGENT);
    await follow(campaign.mails[0].hrefs[2], CHROME_USER_AGENT);
    expect(await campaign.events()).toEqual([]);
    expect(
      await t.database.db.select().from(trackingEvents).where(eq(trackingEvents.userId, campaign.userId)),
    ).toHaveLength(2);
  });

  it('a click that a later click of the same group shows to be a burst is not queued', async () => {
    const campaign = await campaignWithEndpoint('burst', 2);
    const { tracking } = t.container.services;
    const request: HitRequest = { method: 'GET', ip: PERSON, userAgent: CHROME_USER_AGENT };
    const clickOf = (link: string) => {
      const url = new URL(link);
      return tracking.click(url.pathname.replace('/t/c/', ''), url.searchParams.get('u') ?? '', request);
    };
    minutesAfterSending(5);
    // The open is written at once, alone; both clicks come while it is, and are written together after it.
    const open = tracking.open(new URL(String(campaign.mails[1].pixel)).pathname.replace('/t/o/', ''), request);
    const clicks = [clickOf(campaign.mails[0].hrefs[0]), clickOf(campaign.mails[0].hrefs[1])];
    await Promise.all([open, ...clicks]);

    const stored = await t.database.db
      .select({ kind: trackingEvents.kind, machineReason: trackingEvents.machineReason })
      .from(trackingEvents)
      .where(eq(trackingEvents.userId, campaign.userId))
      .orderBy(trackingEvents.id);
    expect(stored).toEqual([
      { kind: 'open', machineReason: null },
      { kind: 'click', machineReason: 'click_burst' },
      { kind: 'click', machineReason: 'click_burst' },
    ]);
    expect((await campaign.events()).map((event) => event.type)).toEqual(['email.opened']);
  });
});

describe('meeting.booked', () => {
  it("is queued for a person's first click on a booking link of each lead, never for a machine's", async () => {
    const campaign = await campaignWithEndpoint('booking', 3);
    const [first, second, third] = campaign.mails;
    const booking = (mail: (typeof campaign.mails)[number]) => mail.hrefs[2];

    minutesAfterSending(5);
    expect((await follow(booking(third), BOT)).statusCode).toBe(302);
    minutesAfterSending(6);
    await follow(booking(first), CHROME_USER_AGENT);
    minutesAfterSending(9);
    await follow(booking(first), CHROME_USER_AGENT);
    await follow(booking(second), CHROME_USER_AGENT);

    const at = (minutes: number) => new Date(SENT.getTime() + minutes * 60_000).toISOString();
    const meeting = (minutes: number) => ({ source: 'link', startsAt: null, endsAt: null, bookedAt: at(minutes) });
    const clicked = (index: number, minutes: number) => ({
      type: 'email.clicked',
      data: { email: campaign.emailOf(index), url: `${BOOKING}?utm_source=mail`, clickedAt: at(minutes) },
    });
    expect(await campaign.events()).toEqual([
      clicked(0, 6),
      { type: 'meeting.booked', data: { lead: campaign.leadOf(0), meeting: meeting(6) } },
      clicked(0, 9),
      clicked(1, 9),
      { type: 'meeting.booked', data: { lead: campaign.leadOf(1), meeting: meeting(9) } },
    ]);
  });
});
