import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, leads, meetings, users, webhookDeliveries } from '../../db/schema';
import {
  createTestApp,
  getCurrentUser,
  registerUser,
  sessionCookie,
  testConfig,
  validRegistration,
} from '../../test/app';
import { seedSmtpAccount } from '../../test/seed-smtp-account';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';

// The providers' deliveries as their docs describe them, posted over HTTP to the app listening on 127.0.0.1 and signed
// as each provider signs: Cal.com's X-Cal-Signature-256 (hex HMAC-SHA256 of the raw body), Calendly's
// Calendly-Webhook-Signature (t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">). Time is the test's clock.

let now = new Date('2026-11-23T10:00:00Z'); // a Monday, 10:00, inside the default sending window
const clock = { now: () => now };
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: SmtpPeer;
let port: number;
let owner: string;
let ownerId: string;
let leadIds: number[];
let campaignId: number;

type Receiver = { id: number; provider: string; url: string; secret: string; createdAt: string };
const receivers: Record<'calcom' | 'calendly', Receiver> = {} as never;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${session}` } });
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** Posts `body` (its exact text) to the receiver's URL, as the provider's servers would, with the given headers. */
async function deliver(receiver: Receiver, body: string, headers: Record<string, string>) {
  const path = new URL(receiver.url).pathname;
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'provider-test', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const calcomSigned = (receiver: Receiver, body: string, secret = receiver.secret) =>
  deliver(receiver, body, { 'x-cal-signature-256': hmac(secret, body) });
const calendlySigned = (receiver: Receiver, body: string, { at = now, secret = receiver.secret } = {}) => {
  const stamp = Math.floor(at.getTime() / 1000);
  return deliver(receiver, body, { 'calendly-webhook-signature': `t=${stamp},v1=${hmac(secret, `${stamp}.${body}`)}` });
};

/** Cal.com's documented BOOKING_* delivery. */
const calcomBooking = (triggerEvent: string, uid: string, email: string, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    triggerEvent,
    createdAt: now.toISOString(),
    payload: {
      type: 'discovery-call',
      title: 'Discovery call between Dana Reyes and Lead',
      uid,
      startTime: '2026-11-26T16:00:00Z',
      endTime: '2026-11-26T16:30:00Z',
      organizer: { email: 'owner@meetings.test', name: 'Dana Reyes', timeZone: 'America/Chicago' },
      attendees: [{ email, name: 'Lead', timeZone: 'America/Chicago', language: { locale: 'en' } }],
      status: 'ACCEPTED',
      ...extra,
    },
  });

/** Calendly's documented invitee.created / invitee.canceled delivery (the invitee is the payload). */
const calendlyInvitee = (event: 'invitee.created' | 'invitee.canceled', invitee: string, email: string): string =>
  JSON.stringify({
    event,
    created_at: now.toISOString(),
    created_by: 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA',
    payload: {
      uri: `https://api.calendly.com/scheduled_events/EVT1/invitees/${invitee}`,
      email,
      name: 'Lead One',
      status: event === 'invitee.created' ? 'active' : 'canceled',
      created_at: now.toISOString(),
      rescheduled: false,
      event: 'https://api.calendly.com/scheduled_events/EVT1',
      scheduled_event: {
        uri: 'https://api.calendly.com/scheduled_events/EVT1',
        name: '30 Minute Meeting',
        start_time: '2026-11-27T15:00:00.000000Z',
        end_time: '2026-11-27T15:30:00.000000Z',
        status: event === 'invitee.created' ? 'active' : 'canceled',
      },
    },
  });

const meetingsBooked = async () => (await call('GET', '/api/dashboard/stats', owner)).json().meetingsBooked as number;
const meetingRows = () => t.database.db.select().from(meetings).where(eq(meetings.userId, ownerId));
const bookedDeliveries = () =>
  t.database.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.userId, ownerId), eq(webhookDeliveries.type, 'meeting.booked')));

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({}, { clock }), startSmtpPeer()]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  owner = await registerUser(t.app, 'owner@meetings.test');
  ownerId = (await getCurrentUser(t.app, owner)).json().id as string;
  await call('PUT', '/api/user/profile', owner, { postalAddress: '1 Harbor Way, Austin, TX 78701' });
  await t.database.db.update(users).set({ subscriptionStatus: 'active' }).where(eq(users.id, ownerId));
  const accountId = await seedSmtpAccount(t.database.db, ownerId, smtp, { sendsPerMinute: 1000 });
  const templateIds: number[] = [];
  for (const name of ['First touch', 'Second touch']) {
    const template = await call('POST', '/api/templates', owner, {
      name,
      subject: name,
      body: `<p>${name}.</p>`,
      status: 'active',
    });
    templateIds.push(template.json().id);
  }
  await call('POST', '/api/leads/upload-csv', owner, {
    csvData: [0, 1, 2].map((n) => ({ email: `lead-${n}@meetings.test`, first_name: `Lead${n}` })),
    firstRowNumber: 2,
  });
  leadIds = (
    await t.database.db.select({ id: leads.id }).from(leads).where(eq(leads.userId, ownerId)).orderBy(leads.id)
  ).map((row) => row.id);
  const started = await call('POST', '/api/campaigns/send-mass-email', owner, {
    accountId,
    templateId: templateIds[0],
    leadIds,
    sequence: { cadence: 'weekly', steps: [{ templateId: templateIds[0] }, { templateId: templateIds[1] }] },
  });
  expect(started.statusCode, started.body).toBe(200);
  campaignId = started.json().campaignId;
  await t.container.services.campaignSender.run(campaignId);
  expect(smtp.received).toHaveLength(3);
  // A webhook endpoint of the owner that hears of meetings (its secret is only read when delivering).
  await t.database.db.execute(
    sql`INSERT INTO webhook_endpoints (user_id, url, events, secret_encrypted)
        VALUES (${ownerId}, 'http://127.0.0.1:9/hook', ARRAY['meeting.booked'], 'x')`,
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('meeting receivers', () => {
  it('are made for Cal.com and Calendly, each with its URL and secret, and listed to their owner only', async () => {
    const calcom = await call('POST', '/api/meeting-receivers', owner, {
      provider: 'calcom',
      secret: 'cal-secret-0123456789',
    });
    expect(calcom.statusCode, calcom.body).toBe(201);
    receivers.calcom = calcom.json();
    expect(receivers.calcom).toMatchObject({ provider: 'calcom', secret: 'cal-secret-0123456789' });
    expect(receivers.calcom.url).toMatch(
      new RegExp(`^${testConfig.publicUrl}/api/meeting-receivers/[A-Za-z0-9_-]{32}/hook$`),
    );
    // Without a secret, one is made to paste into the provider.
    const calendly = await call('POST', '/api/meeting-receivers', owner, { provider: 'calendly' });
    expect(calendly.statusCode, calendly.body).toBe(201);
    receivers.calendly = calendly.json();
    expect(receivers.calendly.secret).toMatch(/^[0-9a-f]{48}$/);
    expect(receivers.calendly.url).not.toBe(receivers.calcom.url);

    expect((await call('GET', '/api/meeting-receivers', owner)).json()).toEqual([receivers.calendly, receivers.calcom]);
    const other = await registerUser(t.app, 'other@meetings.test');
    expect((await call('GET', '/api/meeting-receivers', other)).json()).toEqual([]);
    const stored = await t.database.db.execute(sql`SELECT secret_encrypted FROM meeting_receivers`);
    expect(JSON.stringify(stored)).toContain('v1.');
    expect(JSON.stringify(stored)).not.toContain('cal-secret-0123456789');

    const refused = await call('POST', '/api/meeting-receivers', owner, { provider: 'zoom', secret: 'x'.repeat(20) });
    expect(refused.statusCode).toBe(400);
    const short = await call('POST', '/api/meeting-receivers', owner, { provider: 'calcom', secret: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The secret must be at least 16 characters.');
  });

  it('refuses a Cal.com delivery signed with another secret, or not signed, and records nothing', async () => {
    const body = calcomBooking('BOOKING_CREATED', 'cal-booking-1', 'lead-0@meetings.test');
    const forged = await calcomSigned(receivers.calcom, body, 'not-the-secret-at-all');
    expect(forged).toEqual({ status: 401, body: { message: 'The signature does not match this receiver’s secret.' } });
    const unsigned = await deliver(receivers.calcom, body, {});
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.message).toBe('The delivery is not signed: set the same secret in Cal.com as here.');
    // Signed right, but not these bytes (a field changed on the way).
    const tampered = await deliver(receivers.calcom, body.replace('16:00', '17:00'), {
      'x-cal-signature-256': hmac(receivers.calcom.secret, body),
    });
    expect(tampered.status).toBe(401);
    expect(await meetingRows()).toEqual([]);
    expect(await bookedDeliveries()).toEqual([]);
    expect(await meetingsBooked()).toBe(0);
  });

  it('records a Cal.com booking by a lead once, counts it, tells webhooks, and stops the lead’s sequence', async () => {
    const body = calcomBooking('BOOKING_CREATED', 'cal-booking-1', 'Lead-0@Meetings.test');
    expect(await calcomSigned(receivers.calcom, body)).toEqual({
      status: 200,
      body: { received: true, applied: true },
    });
    // Cal.com retries, and may repeat a delivery: the booking stays one meeting, one event.
    expect(await calcomSigned(receivers.calcom, body)).toEqual({
      status: 200,
      body: { received: true, applied: false },
    });
    const rows = await meetingRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      leadId: leadIds[0],
      provider: 'calcom',
      externalId: 'cal-booking-1',
      startsAt: new Date('2026-11-26T16:00:00Z'),
      endsAt: new Date('2026-11-26T16:30:00Z'),
      bookedAt: now,
      canceledAt: null,
    });
    expect(await meetingsBooked()).toBe(1);
    const analytics = (await call('GET', '/api/analytics/campaigns?range=7d', owner)).json();
    expect(analytics[0]).toMatchObject({ campaignId, meetingsBooked: 1 });

    const deliveries = await bookedDeliveries();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].payload.data).toEqual({
      lead: {
        id: leadIds[0],
        email: 'lead-0@meetings.test',
        firstName: 'Lead0',
        lastName: null,
        company: null,
        status: 'active',
      },
      meeting: {
        source: 'calcom',
        startsAt: '2026-11-26T16:00:00.000Z',
        endsAt: '2026-11-26T16:30:00.000Z',
        bookedAt: now.toISOString(),
      },
    });

    // A week later, the sequence's step 2 goes to the leads who did not book, not to lead 0.
    now = new Date('2026-11-30T11:00:00Z');
    const { added } = await t.container.services.sequences.advance();
    expect(added).toBe(2);
    const step2 = await t.database.db
      .select({ leadId: campaignRecipients.leadId })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.step, 2)));
    expect(step2.map((row) => row.leadId).sort()).toEqual([leadIds[1], leadIds[2]].sort());
    // The week also ended the owner's session: sign in again for what follows.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@meetings.test', password: validRegistration('').password },
    });
    owner = sessionCookie(login) ?? '';
    expect(owner, login.body).not.toBe('');
  });

  it('takes a Calendly booking within its time tolerance, refuses a stale one, and un-counts a cancellation', async () => {
    const created = calendlyInvitee('invitee.created', 'INV1', 'lead-1@meetings.test');
    const stale = await calendlySigned(receivers.calendly, created, { at: new Date(now.getTime() - 4 * 60_000) });
    expect(stale).toEqual({
      status: 401,
      body: { message: 'The delivery’s signed time is too far from now: it may be a replay.' },
    });
    const forged = await calendlySigned(receivers.calendly, created, { secret: 'someone-elses-signing-key' });
    expect(forged.status).toBe(401);
    expect(await meetingsBooked()).toBe(1);

    const taken = await calendlySigned(receivers.calendly, created, { at: new Date(now.getTime() - 2 * 60_000) });
    expect(taken).toEqual({ status: 200, body: { received: true, applied: true } });
    expect(await meetingsBooked()).toBe(2);
    const [meeting] = (await meetingRows()).filter((row) => row.provider === 'calendly');
    expect(meeting).toMatchObject({
      leadId: leadIds[1],
      externalId: 'https://api.calendly.com/scheduled_events/EVT1/invitees/INV1',
      startsAt: new Date('2026-11-27T15:00:00Z'),
    });
    expect((await bookedDeliveries()).map((row) => row.payload.data.meeting)).toContainEqual(
      expect.objectContaining({ source: 'calendly', endsAt: '2026-11-27T15:30:00.000Z' }),
    );

    const canceled = calendlyInvitee('invitee.canceled', 'INV1', 'lead-1@meetings.test');
    expect(await calendlySigned(receivers.calendly, canceled)).toEqual({
      status: 200,
      body: { received: true, applied: true },
    });
    expect(await calendlySigned(receivers.calendly, canceled)).toEqual({
      status: 200,
      body: { received: true, applied: false },
    });
    expect(await meetingsBooked()).toBe(1);
    // A repeated invitee.created of the cancelled booking does not bring it back.
    expect((await calendlySigned(receivers.calendly, created)).body).toEqual({ received: true, applied: false });
    expect(await meetingsBooked()).toBe(1);
  });

  it('un-counts a Cal.com cancellation, and a reschedule replaces the old booking', async () => {
    const booked = calcomBooking('BOOKING_CREATED', 'cal-booking-2', 'lead-2@meetings.test');
    expect((await calcomSigned(receivers.calcom, booked)).body.applied).toBe(true);
    expect(await meetingsBooked()).toBe(2);
    const moved = calcomBooking('BOOKING_RESCHEDULED', 'cal-booking-3', 'lead-2@meetings.test', {
      rescheduleUid: 'cal-booking-2',
      startTime: '2026-12-03T16:00:00Z',
      endTime: '2026-12-03T16:30:00Z',
    });
    expect((await calcomSigned(receivers.calcom, moved)).body.applied).toBe(true);
    const lead2 = (await meetingRows()).filter((row) => row.leadId === leadIds[2]);
    expect(lead2.map((row) => [row.externalId, row.canceledAt !== null]).sort()).toEqual([
      ['cal-booking-2', true],
      ['cal-booking-3', false],
    ]);
    expect(await meetingsBooked()).toBe(2);

    const cancel = calcomBooking('BOOKING_CANCELLED', 'cal-booking-3', 'lead-2@meetings.test');
    expect((await calcomSigned(receivers.calcom, cancel)).body).toEqual({ received: true, applied: true });
    expect(await meetingsBooked()).toBe(1);
  });

  it('accepts a booking by someone who is no lead, and Cal.com’s ping, recording nothing', async () => {
    const before = await meetingRows();
    const stranger = calcomBooking('BOOKING_CREATED', 'cal-booking-9', 'stranger@elsewhere.test');
    expect(await calcomSigned(receivers.calcom, stranger)).toEqual({
      status: 200,
      body: { received: true, applied: false },
    });
    const ping = JSON.stringify({ triggerEvent: 'PING', createdAt: now.toISOString(), payload: null });
    expect((await calcomSigned(receivers.calcom, ping)).body).toEqual({ received: true, applied: false });
    const unreadable = await calcomSigned(receivers.calcom, JSON.stringify({ triggerEvent: 'BOOKING_CREATED' }));
    expect(unreadable.status).toBe(400);
    expect(await meetingRows()).toEqual(before);
  });

  it('answers 404 for an unknown address or another user’s receiver, and 413 past the size limit', async () => {
    const unknown = await deliver(
      { ...receivers.calcom, url: `${testConfig.publicUrl}/api/meeting-receivers/${'A'.repeat(32)}/hook` },
      '{}',
      {},
    );
    expect(unknown).toEqual({ status: 404, body: { message: 'There is no meeting receiver at this address.' } });
    const huge = await calcomSigned(receivers.calcom, JSON.stringify({ pad: 'x'.repeat(300 * 1024) }));
    expect(huge.status).toBe(413);

    const other = await registerUser(t.app, 'intruder@meetings.test');
    const theirs = await call('DELETE', `/api/meeting-receivers/${receivers.calcom.id}`, other);
    expect(theirs.statusCode).toBe(404);
    expect((await call('GET', '/api/meeting-receivers', owner)).json()).toHaveLength(2);

    const removed = await call('DELETE', `/api/meeting-receivers/${receivers.calcom.id}`, owner);
    expect(removed.statusCode).toBe(204);
    const after = await calcomSigned(
      receivers.calcom,
      calcomBooking('BOOKING_CREATED', 'cal-x', 'lead-1@meetings.test'),
    );
    expect(after.status).toBe(404);
    // The meetings it recorded stay.
    expect(await meetingsBooked()).toBe(1);
  });
});
