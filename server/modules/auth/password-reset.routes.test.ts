import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_SENT, RESET_UNAVAILABLE } from '../../../contract/auth';
import { createTestApp, postJson, registerUser, sessionCookie } from '../../test/app';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { INVALID_RESET_LINK, RESET_LINK_TTL_MS } from './password-reset.service';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let now = new Date('2026-11-23T10:00:00Z');
const clock = { now: () => now };

describe('"Forgot password?" through the system mailbox (SYSTEM_SMTP_URL, a real SMTP peer)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const smtpUrl = `smtp://${encodeURIComponent(smtp.user)}:${smtp.password}@${smtp.host}:${smtp.port}`;
    t = await createTestApp(
      { systemMail: { smtpUrl, from: 'LocalReach <no-reply@reach.test>' }, authRateLimitPerMinute: 100 },
      { clock },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));
  const linkIn = async (address: string, count: number) => {
    await expect.poll(() => mailsTo(address).length).toBe(count);
    const text = mailsTo(address)[count - 1].mail.text ?? '';
    return /\/reset-password\?token=([\w-]+)/.exec(text)?.[1] ?? '';
  };
  const signIn = (email: string, password: string) => postJson(t.app, '/api/auth/login', { email, password });
  const forgot = (email: string) => postJson(t.app, '/api/auth/forgot-password', { email });
  const reset = (token: string, password: string) => postJson(t.app, '/api/auth/reset-password', { token, password });

  it('says it can send links', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/password-reset' })).json()).toEqual({
      available: true,
    });
  });

  it('mails a link that sets the new password once and signs out every session', async () => {
    const session = await registerUser(t.app, 'dana@reset.test');
    const response = await forgot('Dana@Reset.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESET_LINK_SENT });
    const token = await linkIn('dana@reset.test', 1);
    const [mail] = mailsTo('dana@reset.test');
    expect(mail.mail.from?.value).toEqual([{ name: 'LocalReach', address: 'no-reply@reach.test' }]);
    expect(mail.mail.subject).toBe('Reset your LocalReach password');
    expect(mail.mail.text).toContain(`http://localhost:5000/reset-password?token=${token}`);

    expect((await reset(token, 'short')).json().message).toMatch(/at least/);
    const done = await reset(token, 'a-brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your password has been reset. Sign in with your new password.' });

    // The old session is gone, the old password no longer works, the new one does; the link works once.
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `lr_session=${session}` },
    });
    expect(user.statusCode).toBe(401);
    expect((await signIn('dana@reset.test', 'correct-horse')).statusCode).toBe(401);
    expect(sessionCookie(await signIn('dana@reset.test', 'a-brand-new-password'))).toBeTruthy();
    const again = await reset(token, 'yet-another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID_RESET_LINK });
  });

  it('answers the same for an address without an account, and mails nothing', async () => {
    const before = smtp.received.length;
    const response = await forgot('nobody@reset.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESET_LINK_SENT });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before);
  });

  it('refuses a link after 30 minutes, and a made-up one', async () => {
    await registerUser(t.app, 'late@reset.test');
    now = new Date('2026-11-23T11:00:00Z');
    await forgot('late@reset.test');
    const token = await linkIn('late@reset.test', 1);
    now = new Date(now.getTime() + RESET_LINK_TTL_MS + 1000);
    expect((await reset(token, 'a-brand-new-password')).json()).toEqual({ message: INVALID_RESET_LINK });
    expect((await reset('made-up-token', 'a-brand-new-password')).statusCode).toBe(400);
    expect((await signIn('late@reset.test', 'correct-horse')).statusCode).toBe(200);
  });

  it('mails one account at most 3 links an hour, and only the newest works', async () => {
    await registerUser(t.app, 'often@reset.test');
    now = new Date('2026-11-24T09:00:00Z');
    for (let i = 0; i < 5; i++) {
      const response = await forgot('often@reset.test');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: RESET_LINK_SENT });
      now = new Date(now.getTime() + 5 * 60_000);
    }
    const newest = await linkIn('often@reset.test', 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('often@reset.test')).toHaveLength(3);

    // The two older links were retired by the newer ones; the newest still works after the refused requests.
    const older = mailsTo('often@reset.test')
      .slice(0, 2)
      .map((mail) => /\/reset-password\?token=([\w-]+)/.exec(mail.mail.text ?? '')?.[1] ?? '');
    for (const token of older) {
      expect((await reset(token, 'a-brand-new-password')).json()).toEqual({ message: INVALID_RESET_LINK });
    }
    expect((await reset(newest, 'a-brand-new-password')).statusCode).toBe(200);

    // An hour after the first mail, the account may be sent a link again.
    now = new Date('2026-11-24T10:01:00Z');
    await forgot('often@reset.test');
    await linkIn('often@reset.test', 4);
  });

  it('ends the other links of the user when one is used', async () => {
    await registerUser(t.app, 'twice@reset.test');
    await forgot('twice@reset.test');
    const first = await linkIn('twice@reset.test', 1);
    await forgot('twice@reset.test');
    const second = await linkIn('twice@reset.test', 2);
    expect((await reset(second, 'a-brand-new-password')).statusCode).toBe(200);
    expect((await reset(first, 'another-new-password')).json()).toEqual({ message: INVALID_RESET_LINK });
  });
});

describe('"Forgot password?" without a system mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('says so, and tells the user to ask the administrator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/password-reset' })).json()).toEqual({
      available: false,
    });
    const response = await postJson(t.app, '/api/auth/forgot-password', { email: 'someone@reset.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: RESET_UNAVAILABLE });
  });
});
