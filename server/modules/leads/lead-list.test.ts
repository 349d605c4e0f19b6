import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { leadListMarks, leads, type UserRow, users } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { listLeads, newestFirst } from './lead-list';

const database = await createTestDatabase();
const { db } = database;
afterAll(() => database.dispose());

/** A small seeded generator, so a failing sequence can be run again. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (below: number) => Math.floor(next() * below) };
}

let owner: UserRow;
let neighbour: UserRow;
beforeAll(async () => {
  [owner, neighbour] = await db
    .insert(users)
    .values([
      { email: 'owner@list.test', passwordHash: 'x' },
      { email: 'neighbour@list.test', passwordHash: 'x' },
    ])
    .returning();
});

let sequence = 0;
/** Inserts `count` leads in one statement, created at the given times (many share one, as an import chunk does). */
async function insertLeads(user: UserRow, times: Date[]) {
  const rows = times.map((createdAt) => {
    sequence += 1;
    return { email: `lead${sequence}@list.test`, createdAt: createdAt.toISOString() };
  });
  await db.execute(sql`INSERT INTO leads (user_id, email, created_at)
    SELECT ${user.id}, email, "createdAt" FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS incoming(email text, "createdAt" timestamptz)`);
}

/** The page as plain OFFSET answers it: what the bookmarks must reproduce. */
async function plainPage(user: UserRow, offset: number, limit: number) {
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.userId, user.id))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

async function pageIds(user: UserRow, offset: number, limit: number) {
  return (await listLeads(db, user, { offset, limit, sort: 'added-desc' })).map((row) => row.id);
}

async function leadCount(user: UserRow) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(leads).where(eq(leads.userId, user.id));
  return row.count;
}

/** Every mark's `older` is the number of the user's leads sorting at or after its key. */
async function expectMarksExact(user: UserRow) {
  const wrong = await queryRows<{ older: number; actual: number }>(
    db,
    sql`SELECT m.older, (SELECT count(*)::int FROM leads l WHERE l.user_id = m.user_id
          AND (l.created_at, l.id) <= (m.created_at, m.lead_id)) AS actual
        FROM lead_list_marks m WHERE m.user_id = ${user.id}`,
  );
  expect(wrong.filter((mark) => mark.older !== mark.actual)).toEqual([]);
}

describe('GET /api/leads pages through bookmarks', () => {
  it('answers exactly what OFFSET answers, through random imports, back-dated rows and deletes', async () => {
    const rand = random(20_260_115);
    const base = Date.parse('2026-01-01T00:00:00Z');
    let clock = base;
    const earlierTime = () => new Date(base + rand.int(Math.max(1, clock - base)));

    for (let round = 0; round < 14; round++) {
      const step = rand.int(5);
      if (step <= 1 || (await leadCount(owner)) < 3000) {
        // An import chunk: one timestamp for the whole chunk, newer than everything (the usual case).
        clock += 1000;
        await insertLeads(owner, Array(500 + rand.int(2500)).fill(new Date(clock)));
      } else if (step === 2) {
        // Back-dated rows, some sharing a time with rows already there: they land between the bookmarks.
        const times = Array.from({ length: 1 + rand.int(1500) }, () => earlierTime());
        await insertLeads(owner, times);
      } else if (step === 3) {
        // Scattered deletes, including rows a bookmark points at.
        await db.execute(
          sql`DELETE FROM leads WHERE user_id = ${owner.id} AND id % ${2 + rand.int(9)} = ${rand.int(2)}`,
        );
      } else {
        // One lead, then a run of the newest.
        const [one] = await plainPage(owner, rand.int(await leadCount(owner)), 1);
        await db.delete(leads).where(eq(leads.id, one));
        await db.execute(sql`DELETE FROM leads WHERE id IN (
          SELECT id FROM leads WHERE user_id = ${owner.id} ORDER BY created_at DESC, id DESC LIMIT ${rand.int(800)})`);
      }
      // Another user's leads in between never move the owner's bookmarks.
      await insertLeads(neighbour, Array(1 + rand.int(300)).fill(new Date(clock)));

      await expectMarksExact(owner);
      const total = await leadCount(owner);
      const offsets = [0, 1, 999, 1000, 1001, total - 1, total, total + 7];
      for (let i = 0; i < 12; i++) offsets.push(rand.int(total + 1));
      for (const offset of offsets.filter((value) => value >= 0)) {
        const limit = 1 + rand.int(150);
        expect(await pageIds(owner, offset, limit), `round ${round}, offset ${offset}, limit ${limit}`).toEqual(
          await plainPage(owner, offset, limit),
        );
      }
    }
    const [marks] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(leadListMarks)
      .where(eq(leadListMarks.userId, owner.id));
    expect(marks.count).toBeGreaterThan(2);
  }, 240_000);

  it('keeps the deep page short: a mark within a thousand rows of any offset after imports', async () => {
    const [row] = await queryRows<{ widest: number }>(
      db,
      sql`SELECT max(gap)::int AS widest FROM (
            SELECT older - lag(older, 1, 0) OVER (ORDER BY older) AS gap FROM lead_list_marks
            WHERE user_id = ${neighbour.id}) AS gaps`,
    );
    const total = await leadCount(neighbour);
    const [newest] = await db
      .select({ older: sql<number>`max(${leadListMarks.older})::int` })
      .from(leadListMarks)
      .where(and(eq(leadListMarks.userId, neighbour.id)));
    expect(total).toBeGreaterThan(1000);
    expect(row.widest).toBeLessThanOrEqual(1000);
    expect(total - newest.older).toBeLessThanOrEqual(1000);
  });
});
