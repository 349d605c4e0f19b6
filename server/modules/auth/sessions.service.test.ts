import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createContainer } from '../../container';
import { sessions, users } from '../../db/schema';
import { testConfig } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { createSessionsService, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.service';

const database = await createTestDatabase();
afterAll(() => database.dispose());

const DAY = 86_400_000;
let clock = new Date('2026-01-01T09:00:00Z');
const service = createSessionsService({
  db: database.db,
  sessionSecret: 's'.repeat(40),
  clock: { now: () => clock },
});

async function newUser(email: string) {
  const [user] = await database.db.insert(users).values({ email, passwordHash: 'x' }).returning();
  return user;
}

describe('sessions', () => {
  it('stores only a keyed hash of the token', async () => {
    const user = await newUser('hash@example.com');
    const { token } = await service.create(user.id, 'vitest');
    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs out after a week without requests', async () => {
    const user = await newUser('idle@example.com');
    clock = new Date('2026-01-01T09:00:00Z');
    const { token } = await service.create(user.id, undefined);
    clock = new Date(clock.getTime() + SESSION_IDLE_MS - 60_000);
    expect((await service.resolve(token))?.id).toBe(user.id); // this request counts as activity
    clock = new Date(clock.getTime() + SESSION_IDLE_MS - 60_000);
    expect((await service.resolve(token))?.id).toBe(user.id);
    clock = new Date(clock.getTime() + SESSION_IDLE_MS + 60_000);
    expect(await service.resolve(token)).toBeNull();
  });

  it('signs out after 30 days even when used every day', async () => {
    const user = await newUser('absolute@example.com');
    clock = new Date('2026-02-01T09:00:00Z');
    const { token, expiresAt } = await service.create(user.id, undefined);
    expect(expiresAt.getTime() - clock.getTime()).toBe(SESSION_ABSOLUTE_MS);
    for (let day = 1; day < 30; day++) {
      clock = new Date(Date.parse('2026-02-01T09:00:00Z') + day * DAY);
      expect(await service.resolve(token)).not.toBeNull();
    }
    clock = new Date(Date.parse('2026-02-01T09:00:00Z') + 30 * DAY + 1000);
    expect(await service.resolve(token)).toBeNull();
  });

  it('is cleaned up by the housekeeping job on the queue', async () => {
    const user = await newUser('sweep@example.com');
    const now = new Date('2026-03-01T12:00:00Z');
    await database.db.insert(sessions).values([
      { tokenHash: 'expired', userId: user.id, expiresAt: new Date(now.getTime() - 1000) },
      {
        tokenHash: 'idle',
        userId: user.id,
        expiresAt: new Date(now.getTime() + DAY),
        lastSeenAt: new Date(now.getTime() - 8 * DAY),
      },
      { tokenHash: 'live', userId: user.id, expiresAt: new Date(now.getTime() + DAY), lastSeenAt: now },
    ]);
    const container = await createContainer(testConfig, database, { runsWorkers: true, clock: { now: () => now } });
    try {
      // Queued before the workers start, so their first poll takes it (scheduled jobs are polled for every 10 s).
      const jobId = await container.jobs.send('sessions.expire', {});
      if (!jobId) throw new Error('the job was not enqueued');
      await container.jobs.startWorkers({ services: container.services, log: { info() {}, warn() {} } });
      for (let i = 0; i < 100 && (await container.jobs.state('sessions.expire', jobId)) !== 'completed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await container.jobs.state('sessions.expire', jobId)).toBe('completed');
      const { removed } = (await container.jobs.output('sessions.expire', jobId)) as { removed: number };
      // The two above, and whichever sessions of the earlier tests are past their expiry at `now`.
      expect(removed).toBeGreaterThanOrEqual(2);
    } finally {
      await container.close();
    }
    const left = await database.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(left.map((row) => row.tokenHash)).toEqual(['live']);
  });
});
