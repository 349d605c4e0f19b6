import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createContainer } from '../../container';
import { queryRows } from '../../db/client';
import { campaignRecipients, trackingEvents, users } from '../../db/schema';
import { createLinkTokens } from '../../lib/link-tokens';
import { testConfig } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { mailLinks } from './mail-links';

// Two web processes on one PostgreSQL server: each has its own writer of tracking hits (tracking.service.ts).
type Web = Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let webs: Web[];
const containers: Awaited<ReturnType<typeof createContainer>>[] = [];
const linkTokens = createLinkTokens(testConfig.sessionSecret);
const MAILS = 40;
const LINKS = ['https://example.test/offer', 'https://example.test/about'];
/** The processes' clock: each round of hits comes a minute after the last, so none is a repeat of the last round's. */
let now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const clock = { now: () => now };

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < 2; i++) containers.push(await createContainer(testConfig, database, { clock }));
  webs = await Promise.all(containers.map((container) => buildApp(container, { webDist: null })));
});
afterAll(async () => {
  await Promise.all(webs.map((web) => web.close()));
  await Promise.all(containers.map((container) => container.close()));
  await database.dispose();
});

/** Mails sent over the last days, so their hits fall in several rollup buckets. */
async function sentMails(label: string): Promise<{ userId: string; ids: number[] }> {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${label}@processes.test`, passwordHash: 'x', timezone: 'Europe/Paris' })
    .returning();
  const rows = await database.db
    .insert(campaignRecipients)
    .values(
      Array.from({ length: MAILS }, (_, i) => ({
        userId: user.id,
        kind: 'campaign' as const,
        state: 'sent' as const,
        toAddress: `${label}-lead${i}@processes.test`,
        sentAt: new Date(now.getTime() - (1 + (i % 8)) * 3_600_000),
        linkHosts: ['example.test'],
      })),
    )
    .returning({ id: campaignRecipients.id });
  return { userId: user.id, ids: rows.map((row) => row.id) };
}

const shuffled = <T>(list: T[]) =>
  list
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

/** The tracking links of the mail to `recipientId`, issued at the processes' `now`. */
const trackingOf = (recipientId: number) =>
  mailLinks({ linkTokens, publicUrl: '', recipientId, trackingEnabled: true, issuedAt: now }).tracking;

describe('tracking hits through two web processes at once', () => {
  it('stores every hit as its event or on one, answers every request, and keeps the figures equal to the events', async () => {
    const { userId, ids } = await sentMails('crowd');
    const paths = ids.flatMap((recipientId) => {
      const tracking = trackingOf(recipientId);
      if (!tracking) throw new Error('tracking is on');
      return [
        tracking.openPixelUrl,
        tracking.openPixelUrl,
        ...LINKS.map((url, index) => tracking.clickUrl(url, index)),
      ];
    });
    // Hits with no user agent are a machine's: each new event changes its mail's counts and its rollup bucket, the
    // rows two writers lock. Each round (a minute later) sends every hit once, in another order: the opens through
    // one process (groups of opens are one statement, whose triggers lock the mails in no set order), the clicks
    // through the other (a transaction that locks them in id order first), which is how two writers deadlock.
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      now = new Date(now.getTime() + 60_000);
      const answers = await Promise.all(
        shuffled(paths).map((path) =>
          webs[path.startsWith('/t/o/') ? 0 : 1].inject({ method: 'GET', url: path, headers: { 'user-agent': '' } }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode >= 400).map((answer) => answer.body)).toEqual([]);
    }
    // Per mail and round: one event of its two opens (one address, one minute), one of each link's click.
    const events = await database.db.select().from(trackingEvents).where(eq(trackingEvents.userId, userId));
    expect(events).toHaveLength(MAILS * 3 * rounds);
    expect(events.reduce((hits, event) => hits + event.hits, 0)).toBe(paths.length * rounds);
    const [rollups] = await queryRows<{ machine: number }>(
      database.db,
      sql`SELECT sum(machine_events)::int AS machine FROM mail_rollups WHERE user_id = ${userId}`,
    );
    expect(rollups.machine).toBe(MAILS * 3 * rounds);
  });

  it('writes again a group of hits that PostgreSQL undid to break a deadlock', async () => {
    // PostgreSQL undoes the transaction whose deadlock check comes first once the circle is closed: the group's, a
    // second (deadlock_timeout) after it began to wait, if this test closes the circle within that second. On a
    // starved machine it may not; then PostgreSQL undoes this test's own transaction, and the scene is set again.
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (await groupUndoneAndWrittenAgain(`deadlock-${attempt}`)) return;
    }
    throw new Error('PostgreSQL never undid the group in three attempts');
  });
});

/**
 * Sets the scene of a deadlock between a group of clicks and another process's transaction. True when PostgreSQL
 * undid the group and its second try stored every hit; false when it undid the other transaction instead.
 */
async function groupUndoneAndWrittenAgain(label: string): Promise<boolean> {
  const { userId, ids } = await sentMails(label);
  const [blocker, first, second] = ids;
  const click = (recipientId: number) => {
    const tracking = trackingOf(recipientId);
    return webs[0].inject({
      method: 'GET',
      url: tracking?.clickUrl(LINKS[0], 0) ?? '',
      headers: { 'user-agent': '' },
    });
  };
  if (database.kind !== 'postgres') throw new Error('runs on PostgreSQL');
  // Another process's transaction, holding mails the group needs.
  const other = new pg.Client({ connectionString: database.connectionString });
  await other.connect();
  const lock = (id: number) => other.query('SELECT id FROM campaign_recipients WHERE id = $1 FOR UPDATE', [id]);
  try {
    await other.query('BEGIN');
    await lock(second);
    await other.query('SAVEPOINT held');
    await lock(blocker);
    // The writer waits on `blocker` with a group of one; the next two clicks gather behind it as one group.
    const blocked = click(blocker);
    await waitingOnLocks(1);
    const group = [click(first), click(second)];
    await other.query('ROLLBACK TO SAVEPOINT held');
    expect((await blocked).statusCode).toBe(302);
    // The group locks `first`, then waits on `second`; taking `first` now closes the circle, and PostgreSQL undoes
    // the group, which waited first. Its second try waits for this transaction, which then ends.
    await waitingOnLocks(1);
    const undone = await lock(first).then(
      () => 'group',
      (error: { code?: string }) => {
        if (error.code !== '40P01') throw error;
        return 'other';
      },
    );
    await other.query(undone === 'group' ? 'COMMIT' : 'ROLLBACK');
    const answers = await Promise.all(group);
    expect(answers.map((answer) => answer.statusCode)).toEqual([302, 302]);
    const stored = await database.db.select().from(trackingEvents).where(eq(trackingEvents.userId, userId));
    expect(stored.map((event) => event.recipientId).sort()).toEqual([blocker, first, second].sort());
    return undone === 'group';
  } finally {
    await other.end();
  }
}

/** Until `count` other sessions wait for a row lock. */
async function waitingOnLocks(count: number) {
  for (let i = 0; i < 200; i++) {
    const [{ waiting }] = await queryRows<{ waiting: number }>(
      database.db,
      sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
    );
    if (waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no session waited for a lock');
}
