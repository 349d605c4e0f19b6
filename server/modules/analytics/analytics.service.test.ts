import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { campaignSteps, campaigns, inboundMessages, templates, users } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { type CampaignMailOptions, seedCampaignMail } from '../../test/seed-campaign-mail';

// Monday 23 November 2026, 07:00 in Los Angeles (UTC-8): the 7-day range holds 17 to 23 November, starting on
// Tuesday 17 November at local midnight, 08:00 UTC, which is not a UTC midnight, so a range taken in UTC would
// count other mails.
const now = new Date('2026-11-23T15:00:00Z');
const rangeStart7d = new Date('2026-11-17T08:00:00Z');
const timeZone = 'America/Los_Angeles';

const t = await createTestApp({}, { clock: { now: () => now } });
const { db } = t.database;
afterAll(() => t.close());

async function owner(name: string) {
  const token = await registerUser(t.app, `${name}@analytics.test`);
  const id = (await getCurrentUser(t.app, token)).json().id as string;
  await db.update(users).set({ timezone: timeZone }).where(eq(users.id, id));
  const [template] = await db
    .insert(templates)
    .values({ userId: id, name: `${name} template`, subject: 'Hello', body: '<p>Hi</p>', status: 'active' })
    .returning();
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId: id, templateId: template.id, status: 'completed' })
    .returning();
  return { token, userId: id, templateId: template.id, campaignId: campaign.id };
}

type Owner = Awaited<ReturnType<typeof owner>>;
/** A campaign mail as the sender settles it, with the tracking hits it got (a lead of its own unless given). */
const mail = (who: Owner, at: Date, options: CampaignMailOptions = {}) => seedCampaignMail(db, who, at, options);

async function get(token: string, url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: `lr_session=${token}` } });
  return { status: response.statusCode, body: response.json() };
}

const minutes = (date: Date, delta: number) => new Date(date.getTime() + delta * 60_000);

describe('time ranges in the user’s timezone', () => {
  it('count the mails from the start of the local day N days ago, and all of them without a range', async () => {
    const who = await owner('edges');
    // A second before the 7-day range: answered and opened by a person.
    await mail(who, new Date(rangeStart7d.getTime() - 1000), {
      repliedAt: now,
      events: [{ kind: 'open' }, { kind: 'open', machine: true }],
    });
    // At its very start: a person clicked, a scanner clicked first.
    await mail(who, rangeStart7d, { events: [{ kind: 'click', machine: true }, { kind: 'click' }] });
    // Refused by the mailbox server an hour ago: in the range by the time it was tried.
    await mail(who, minutes(now, -60), { state: 'failed' });

    const week = (await get(who.token, '/api/dashboard/stats?range=7d')).body;
    expect(week).toMatchObject({
      totalEmailsSent: 2,
      emailsDelivered: 1,
      emailsOpened: 1,
      emailsClicked: 1,
      emailsResponded: 0,
      deliveryRate: 50,
      openRate: 100,
      responseRate: 0,
      machineEventsLeftOut: 1,
    });
    const allTime = (await get(who.token, '/api/dashboard/stats')).body;
    expect(allTime).toMatchObject({
      totalEmailsSent: 3,
      emailsDelivered: 2,
      emailsOpened: 2,
      emailsClicked: 1,
      emailsResponded: 1,
      deliveryRate: 66.7,
      responseRate: 50,
      machineEventsLeftOut: 2,
    });
    expect((await get(who.token, '/api/dashboard/stats?range=30d')).body).toEqual(allTime);

    const [templatePerformance] = (await get(who.token, '/api/templates/performance?range=7d')).body;
    // Sent as the dashboard counts it (the refused mail too); the response rate of the delivered mails.
    expect(templatePerformance).toMatchObject({ totalSent: 2, responseRate: 0 });
    expect((await get(who.token, '/api/templates/performance')).body[0]).toMatchObject({
      totalSent: 3,
      responseRate: 50,
    });
  });

  it('start at local midnight across a daylight-saving change', async () => {
    const who = await owner('dst');
    // The 30 days start on 25 October, still on summer time (UTC-7): its midnight is 07:00 UTC.
    const monthStart = new Date('2026-10-25T07:00:00Z');
    await mail(who, minutes(monthStart, -1));
    await mail(who, monthStart);
    expect((await get(who.token, '/api/dashboard/stats?range=30d')).body.totalEmailsSent).toBe(1);
    expect((await get(who.token, '/api/analytics/daily?range=30d')).body[0]).toMatchObject({
      date: '2026-10-25',
      sent: 1,
    });
  });

  it('take a year as 365 local days and leave other users’ mails out', async () => {
    const who = await owner('year');
    const yearStart = new Date('2025-11-24T08:00:00Z'); // the first of 365 local days up to 23 November 2026
    await mail(who, minutes(yearStart, -1));
    await mail(who, yearStart);
    expect((await get(who.token, '/api/dashboard/stats?range=1y')).body.totalEmailsSent).toBe(1);
    expect((await get(who.token, '/api/dashboard/stats?range=90d')).body.totalEmailsSent).toBe(0);
    const stranger = await owner('stranger');
    expect((await get(stranger.token, '/api/dashboard/stats?range=1y')).body.totalEmailsSent).toBe(0);
    expect((await get(stranger.token, '/api/templates/performance?range=1y')).body).toEqual([]);
  });

  it('refuse a range that is not one of the four, and ask to sign in', async () => {
    const who = await owner('refused');
    const refused = await get(who.token, '/api/dashboard/stats?range=2w');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(expect.any(String));
    expect((await get(who.token, '/api/analytics/daily?range=forever')).status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/best-times' })).statusCode).toBe(401);
  });
});

describe('GET /api/analytics/daily', () => {
  it('has every local day of the range, zeros included, with human events only', async () => {
    const who = await owner('daily');
    await mail(who, minutes(rangeStart7d, -1)); // 16 November locally: before the range
    await mail(who, rangeStart7d, {
      repliedAt: now,
      events: [{ kind: 'open', machine: true }, { kind: 'click' }],
    });
    await mail(who, minutes(rangeStart7d, 30), { events: [{ kind: 'open', machine: true }] });
    // 23:30 on 20 November in Los Angeles, already 21 November in UTC.
    await mail(who, new Date('2026-11-21T07:30:00Z'), { state: 'failed' });
    await mail(who, minutes(now, -5), { events: [{ kind: 'open' }] });

    const { status, body } = await get(who.token, '/api/analytics/daily?range=7d');
    expect(status).toBe(200);
    const zero = { sent: 0, delivered: 0, opened: 0, clicked: 0, replied: 0 };
    expect(body).toEqual([
      { date: '2026-11-17', sent: 2, delivered: 2, opened: 1, clicked: 1, replied: 1 },
      { date: '2026-11-18', ...zero },
      { date: '2026-11-19', ...zero },
      { date: '2026-11-20', ...zero, sent: 1 },
      { date: '2026-11-21', ...zero },
      { date: '2026-11-22', ...zero },
      { date: '2026-11-23', sent: 1, delivered: 1, opened: 1, clicked: 0, replied: 0 },
    ]);
    // Without a range the series is the default week; a longer one runs up to today all the same.
    expect((await get(who.token, '/api/analytics/daily')).body).toEqual(body);
    const quarter = (await get(who.token, '/api/analytics/daily?range=90d')).body;
    expect(body).toHaveLength(7);
    expect(quarter).toHaveLength(90);
    expect(quarter.at(-1)).toEqual(body.at(-1));
    expect(quarter.find((day: { date: string }) => day.date === '2026-11-16')).toMatchObject({ sent: 1 });
  });
});

describe('GET /api/analytics/best-times', () => {
  it('gives the reply rate by local weekday and hour of sending, and the best of each', async () => {
    const who = await owner('best');
    const empty = (await get(who.token, '/api/analytics/best-times?range=30d')).body;
    expect(empty).toEqual({ byWeekday: [], byHour: [], bestWeekday: null, bestHour: null });

    // Tuesday 17 November 09:xx local (17:xx UTC): two mails, one answered.
    await mail(who, new Date('2026-11-17T17:05:00Z'), { repliedAt: now });
    await mail(who, new Date('2026-11-17T17:40:00Z'));
    // Friday 20 November 16:xx local (Saturday 00:xx UTC): five mails, one answered; a refused mail counts as sent,
    // not as delivered (the base of the rate).
    for (const tens of [0, 1, 2]) await mail(who, new Date(`2026-11-21T00:${tens}0:00Z`));
    await mail(who, new Date('2026-11-21T00:50:00Z'), { repliedAt: now });
    await mail(who, new Date('2026-11-21T00:55:00Z'), { state: 'failed' });
    // Long before the range: answered, but not counted.
    await mail(who, new Date('2026-09-01T17:00:00Z'), { repliedAt: now });

    const { body } = await get(who.token, '/api/analytics/best-times?range=30d');
    expect(body.byWeekday).toEqual([
      { slot: 2, sent: 2, replied: 1, replyRate: 50 },
      { slot: 5, sent: 5, replied: 1, replyRate: 25 },
    ]);
    expect(body.byHour).toEqual([
      { slot: 9, sent: 2, replied: 1, replyRate: 50 },
      { slot: 16, sent: 5, replied: 1, replyRate: 25 },
    ]);
    expect(body.bestWeekday).toEqual(body.byWeekday[0]);
    expect(body.bestHour).toEqual(body.byHour[0]);
  });
});

describe('GET /api/analytics/campaigns', () => {
  /** Another campaign of the owner's, created at `createdAt`; a sequence with these step templates. */
  async function campaign(who: Owner, createdAt: Date, stepTemplateIds: number[] = []) {
    const [row] = await db
      .insert(campaigns)
      .values({
        userId: who.userId,
        templateId: who.templateId,
        status: 'completed',
        cadence: stepTemplateIds.length ? 'weekly' : null,
        createdAt,
      })
      .returning();
    if (stepTemplateIds.length) {
      await db
        .insert(campaignSteps)
        .values(stepTemplateIds.map((templateId, index) => ({ campaignId: row.id, position: index + 1, templateId })));
    }
    return row.id;
  }

  /** The lead's response, marked "Meeting booked", answering one of the mails (or none that can be told). */
  async function meetingResponse(who: Owner, leadId: number, recipientId: number | null) {
    await db.insert(inboundMessages).values({
      userId: who.userId,
      kind: 'reply',
      leadId,
      recipientId,
      messageId: `<meeting-${leadId}@leads.test>`,
      fromAddress: `lead-${leadId}@leads.test`,
      receivedAt: now,
      meetingBookedAt: now,
    });
  }

  it('gives the range’s campaigns, newest first, with replies and meetings, a sequence per step', async () => {
    const who = await owner('results');
    await db
      .update(users)
      .set({ bookingUrls: ['https://cal.example/meet/'] })
      .where(eq(users.id, who.userId));
    const [followUp] = await db
      .insert(templates)
      .values({ userId: who.userId, name: 'Follow-up', subject: 'Again', body: '<p>Hi</p>', status: 'active' })
      .returning();
    const inRange = minutes(rangeStart7d, 60);
    const booking = 'https://CAL.example/meet?utm_source=mail';

    // A single mail: two answered (one with a meeting), a person's click on the booking link (a meeting), a
    // scanner's (none), a refused mail (sent, not delivered: not in the rate's base) and, before the range, an answered and booked one (not counted).
    const single = await campaign(who, new Date('2026-11-10T12:00:00Z'));
    await mail(who, inRange, { campaignId: single, repliedAt: now });
    const answered = await mail(who, inRange, { campaignId: single, repliedAt: now });
    await meetingResponse(who, answered.leadId, answered.recipientId);
    await mail(who, inRange, { campaignId: single, events: [{ kind: 'click', url: booking }] });
    await mail(who, inRange, { campaignId: single, events: [{ kind: 'click', url: booking, machine: true }] });
    await mail(who, inRange, { campaignId: single, state: 'failed' });
    const before = await mail(who, minutes(rangeStart7d, -1), { campaignId: single, repliedAt: now });
    await meetingResponse(who, before.leadId, before.recipientId);

    // A sequence of three steps, the third not sent yet. One lead answered step 2 with a meeting although it
    // clicked the booking link in step 1 too (one meeting, at the first); one booked in a response tied to no mail
    // (at its latest step); one answered step 1.
    const sequence = await campaign(who, new Date('2026-11-12T12:00:00Z'), [who.templateId, followUp.id, followUp.id]);
    const clicker = await mail(who, inRange, { campaignId: sequence, events: [{ kind: 'click', url: booking }] });
    const clickerStep2 = await mail(who, now, {
      campaignId: sequence,
      leadId: clicker.leadId,
      step: 2,
      repliedAt: now,
    });
    await meetingResponse(who, clicker.leadId, clickerStep2.recipientId);
    const unmatched = await mail(who, inRange, { campaignId: sequence });
    await mail(who, now, { campaignId: sequence, leadId: unmatched.leadId, step: 2 });
    await meetingResponse(who, unmatched.leadId, null);
    await mail(who, inRange, { campaignId: sequence, repliedAt: now });

    // Newer but without mail in the range: not listed.
    const old = await campaign(who, new Date('2026-11-20T12:00:00Z'));
    await mail(who, minutes(rangeStart7d, -60), { campaignId: old });

    const { status, body } = await get(who.token, '/api/analytics/campaigns?range=7d');
    expect(status).toBe(200);
    const step = (n: number, templateName: string, figures: [number, number, number, number]) => ({
      step: n,
      templateName,
      sent: figures[0],
      replied: figures[1],
      replyRate: figures[2],
      meetingsBooked: figures[3],
    });
    expect(body).toEqual([
      {
        campaignId: sequence,
        templateName: 'results template',
        createdAt: '2026-11-12T12:00:00.000Z',
        sent: 5,
        replied: 2,
        replyRate: 40,
        meetingsBooked: 2,
        steps: [
          step(1, 'results template', [3, 1, 33.3, 1]),
          step(2, 'Follow-up', [2, 1, 50, 1]),
          step(3, 'Follow-up', [0, 0, 0, 0]),
        ],
      },
      {
        campaignId: single,
        templateName: 'results template',
        createdAt: '2026-11-10T12:00:00.000Z',
        sent: 5,
        replied: 2,
        replyRate: 50,
        meetingsBooked: 2,
        steps: [],
      },
    ]);

    // Over 90 days the older mails count too.
    const quarter = (await get(who.token, '/api/analytics/campaigns?range=90d')).body;
    expect(quarter.map((item: { campaignId: number }) => item.campaignId)).toEqual([old, sequence, single]);
    expect(quarter[2]).toMatchObject({ sent: 6, replied: 3, meetingsBooked: 3 });

    const stranger = await owner('results-stranger');
    expect((await get(stranger.token, '/api/analytics/campaigns?range=1y')).body).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/campaigns' })).statusCode).toBe(401);
    expect((await get(who.token, '/api/analytics/campaigns?range=2w')).status).toBe(400);
  });

  it('lists the 20 newest campaigns with mail in the range', async () => {
    const who = await owner('many');
    const ids: number[] = [];
    for (let day = 1; day <= 21; day++) {
      const id = await campaign(who, new Date(`2026-10-${String(day).padStart(2, '0')}T12:00:00Z`));
      await mail(who, minutes(now, -day), { campaignId: id });
      ids.push(id);
    }
    const { body } = await get(who.token, '/api/analytics/campaigns?range=7d');
    expect(body.map((item: { campaignId: number }) => item.campaignId)).toEqual(ids.slice(1).reverse());
  });
});
