import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, validRegistration } from '../../test/app';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { INVALID_RESET_LINK, RESET_LINK_TTL_MS } from './password-reset.service';

/**
 * Every argon2 hash the process computes, counted on the way into the library (@node-rs/argon2, not our code), which
 * still computes it: a wrong reset link must cost no hash, however it is timed.
 */
const argon2 = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon2.hashes += 1;
      return real.hash(...args);
    },
  };
});

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const LIMIT = 10;
let now = new Date('2026-11-23T10:00:00Z');
const clock = { now: () => now };

describe('reset links under a flood of wrong tokens (a real server on 127.0.0.1)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let base: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const smtpUrl = `smtp://${encodeURIComponent(smtp.user)}:${smtp.password}@${smtp.host}:${smtp.port}`;
    t = await createTestApp(
      { systemMail: { smtpUrl, from: 'no-reply@reach.test' }, authRateLimitPerMinute: LIMIT },
      { clock },
    );
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app is not listening');
    base = `http://127.0.0.1:${address.port}`;
    const registered = await post('/api/auth/register', validRegistration('owner@flood.test'));
    expect(registered.status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  function post(path: string, body: unknown) {
    return fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }
  const resetWith = (token: string) => post('/api/auth/reset-password', { token, password: 'attacker-password' });

  it('answers wrong tokens without hashing, refuses the address after its limit, and a sign-in still answers', async () => {
    const hashesBefore = argon2.hashes;
    const flood = Array.from({ length: 4 * LIMIT }, (_, i) => resetWith(`wrong-token-${i}`));
    const signIn = post('/api/auth/login', { email: 'owner@flood.test', password: 'correct-horse' });
    const answers = await Promise.all(flood);
    expect((await signIn).status).toBe(200);

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3 * LIMIT);
    const refused = answers.find((answer) => answer.status === 400);
    expect(await refused?.json()).toEqual({ message: INVALID_RESET_LINK });
    const limited = answers.find((answer) => answer.status === 429);
    expect(await limited?.json()).toEqual({ message: expect.stringMatching(/^Too many attempts\. Please wait/) });
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(argon2.hashes).toBe(hashesBefore);
  });

  it('checks the link before hashing: wrong and expired links cost no hash, a good one costs one', async () => {
    const { passwordReset } = t.container.services;
    const hashesBefore = argon2.hashes;
    await expect(passwordReset.reset('no-such-link', 'a-new-password', '192.0.2.10')).rejects.toThrow(
      INVALID_RESET_LINK,
    );

    await passwordReset.request('owner@flood.test', '192.0.2.10');
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    const token = /reset-password\?token=([\w-]+)/.exec(smtp.received[0].mail.text ?? '')?.[1] ?? '';
    now = new Date(now.getTime() + RESET_LINK_TTL_MS + 1000);
    await expect(passwordReset.reset(token, 'a-new-password', '192.0.2.10')).rejects.toThrow(INVALID_RESET_LINK);
    expect(argon2.hashes).toBe(hashesBefore);

    await passwordReset.request('owner@flood.test', '192.0.2.10');
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(2);
    const fresh = /reset-password\?token=([\w-]+)/.exec(smtp.received[1].mail.text ?? '')?.[1] ?? '';
    await passwordReset.reset(fresh, 'a-new-password', '192.0.2.10');
    expect(argon2.hashes).toBe(hashesBefore + 1);
  });
});
