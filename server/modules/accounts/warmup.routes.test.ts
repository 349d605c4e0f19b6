import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, users } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { type DovecotServer, dovecotUnavailable, startDovecot } from '../../test/dovecot';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// 20:00 on 23 November in Los Angeles is already 24 November in UTC: the ramp counts the user's local days.
let now = new Date('2026-11-24T04:00:00Z');
const clock = { now: () => now };
const skipReason = dovecotUnavailable();

describe.skipIf(skipReason !== null)('the warm-up ramp of a newly connected mailbox (real peers on loopback)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let imap: DovecotServer;
  let token: string;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
  const connect = (email: string, extra: object = {}) =>
    call('POST', '/api/email-accounts/smtp', {
      email,
      smtp: { host: smtp.host, port: smtp.port, secure: false, user: smtp.user, password: smtp.password },
      imap: { host: imap.host, port: imap.port, secure: false, user: imap.user, password: imap.password },
      ...extra,
    });
  const stored = async (id: number) =>
    (await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, id)))[0];

  beforeAll(async () => {
    [t, smtp, imap] = await Promise.all([createTestApp({}, { clock }), startSmtpPeer(), startDovecot()]);
    token = await registerUser(t.app, 'owner@warmup.test');
    const userId = (await getCurrentUser(t.app, token)).json().id as string;
    await t.database.db.update(users).set({ timezone: 'America/Los_Angeles' }).where(eq(users.id, userId));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
    await imap?.stop();
  });

  it('starts a new mailbox at day 1 (20 a day) on the user’s local date, and steps it each local day', async () => {
    now = new Date('2026-11-24T04:00:00Z');
    const response = await connect('new@smtp.test');
    expect(response.statusCode, response.body).toBe(201);
    const account = response.json();
    expect(account).toMatchObject({
      dailyLimit: 300,
      effectiveDailyLimit: 20,
      warmup: { enabled: true, day: 1, limitToday: 20, fullFromDay: 57 },
    });
    expect(await stored(account.id)).toMatchObject({ warmupEnabled: true, warmupStartDate: '2026-11-23' });

    now = new Date('2026-11-26T18:00:00Z'); // 26 November in Los Angeles: day 4
    const [listed] = (await call('GET', '/api/email-accounts')).json();
    expect(listed).toMatchObject({ effectiveDailyLimit: 35, warmup: { enabled: true, day: 4, limitToday: 35 } });
  });

  it('marks a mailbox warm with PATCH, and starts the ramp again at day 1 today when turned back on', async () => {
    now = new Date('2026-11-26T18:00:00Z');
    const [account] = (await call('GET', '/api/email-accounts')).json();
    const warm = await call('PATCH', `/api/email-accounts/${account.id}`, { warmupEnabled: false });
    expect(warm.json()).toMatchObject({ effectiveDailyLimit: 300, warmup: { enabled: false, day: null } });
    expect((await call('GET', '/api/email-accounts')).json()[0]).toMatchObject({ effectiveDailyLimit: 300 });

    const again = await call('PATCH', `/api/email-accounts/${account.id}`, { warmupEnabled: true });
    expect(again.json()).toMatchObject({ effectiveDailyLimit: 20, warmup: { enabled: true, day: 1 } });
    expect(await stored(account.id)).toMatchObject({ warmupStartDate: '2026-11-26' });
    // Already on: asking again does not restart it.
    now = new Date('2026-11-27T18:00:00Z');
    const unchanged = await call('PATCH', `/api/email-accounts/${account.id}`, { warmupEnabled: true });
    expect(unchanged.json().warmup).toMatchObject({ day: 2, limitToday: 25 });
  });

  it('connects a mailbox the user says is already warm without the ramp', async () => {
    const response = await connect('warm@smtp.test', { warmupEnabled: false });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ effectiveDailyLimit: 300, warmup: { enabled: false, day: null } });
  });

  it('starts the ramp when a kept connection is linked again', async () => {
    now = new Date('2026-11-27T18:00:00Z');
    const account = (await connect('relinked@smtp.test', { warmupEnabled: false })).json();
    await call('DELETE', `/api/email-accounts/${account.id}`);
    const linked = await call('POST', '/api/email-accounts/connect-from-integration', {
      connectionId: account.connectionId,
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toMatchObject({ warmup: { enabled: true, day: 1, limitToday: 20 } });
    expect(await stored(linked.json().id)).toMatchObject({ warmupStartDate: '2026-11-27' });
  });
});
