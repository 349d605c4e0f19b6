import { afterAll, describe, expect, it } from 'vitest';
import { rateLimitWindows } from '../db/schema';
import { createTestDatabase } from '../test/database';
import { AppError } from './app-error';
import { createRateLimiter } from './rate-limiter';

const database = await createTestDatabase();
afterAll(() => database.dispose());

let now = new Date('2026-11-24T10:00:00Z');
const clock = { now: () => now };
const limiter = createRateLimiter({ db: database.db, clock, windowMs: 60_000, secret: 'test-secret' });

describe('the rate limiter', () => {
  it('counts attempts in a window and starts over when it ends', async () => {
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await limiter.hit('login:ip:10.0.0.1', 3));
    expect(waits).toEqual([0, 0, 0, 60]);
    now = new Date(now.getTime() + 45_000);
    expect(await limiter.hit('login:ip:10.0.0.1', 3)).toBe(15);
    now = new Date(now.getTime() + 15_000);
    expect(await limiter.hit('login:ip:10.0.0.1', 3)).toBe(0);
  });

  it('loses no count when many attempts arrive at once', async () => {
    const waits = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('register:ip:10.0.0.2', 25)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(25);
  });

  it('refuses at the first rule over its limit and counts nothing on the rules after it', async () => {
    const rules = [
      { key: 'login:ip:10.0.0.3', limit: 2 },
      { key: 'login:email:owner@example.com', limit: 10 },
    ];
    await limiter.enforce(rules);
    await limiter.enforce(rules);
    for (let i = 0; i < 5; i++) {
      const refused = await limiter.enforce(rules).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).status).toBe(429);
    }
    // The account's counter saw the two allowed attempts only: 8 more from elsewhere still pass.
    for (let i = 0; i < 8; i++) await limiter.enforce([{ key: 'login:email:owner@example.com', limit: 10 }]);
    await expect(limiter.enforce([{ key: 'login:email:owner@example.com', limit: 10 }])).rejects.toThrow(
      /^Too many attempts\. Please wait \d+ seconds? and try again\.$/,
    );
  });

  it('stores no address or email, only their HMAC', async () => {
    await limiter.hit('login:email:private@example.com', 5);
    const keys = (await database.db.select({ key: rateLimitWindows.key }).from(rateLimitWindows)).map((r) => r.key);
    expect(keys.join(' ')).not.toMatch(/example\.com|10\.0\.0/);
  });

  it('prunes the windows that are over', async () => {
    await limiter.hit('login:ip:10.0.0.9', 5);
    now = new Date(now.getTime() + 120_000);
    expect(await limiter.prune()).toBeGreaterThan(0);
    expect(await database.db.$count(rateLimitWindows)).toBe(0);
  });
});
