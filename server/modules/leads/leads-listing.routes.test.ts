import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../db/schema';
import { registerUser } from '../../test/app';
import { seedSentEmails } from '../../test/seed-sent-emails';
import { createLeadsTestApp } from './leads-test-helpers';

const { t, app, call, upload } = await createLeadsTestApp();

describe('GET /api/leads-with-sent-weeks', () => {
  it('pages active leads newest first and filters by the weeks they were sent, in SQL', async () => {
    const user = await registerUser(app, 'weeks@leads.test');
    const created: number[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      created.push((await call('POST', '/api/leads', user, { email: `${name}@weeks.test` })).json().id);
    }
    const [a, b, c, d, e] = created;
    const [{ userId }] = await t.database.db.select({ userId: leads.userId }).from(leads).where(eq(leads.id, a));
    await seedSentEmails(t.database.db, userId, [
      { leadId: a, subject: 'w1', weekNumber: 1 },
      { leadId: a, subject: 'w2', weekNumber: 2 },
      { leadId: b, subject: 'w2', weekNumber: 2 },
      { leadId: d, subject: 'no week', weekNumber: null },
    ]);
    await t.database.db.update(leads).set({ status: 'unsubscribed' }).where(eq(leads.id, e));
    const ids = async (query: string) =>
      (await call('GET', `/api/leads-with-sent-weeks${query}`, user)).json().map((row: { id: number }) => row.id);

    expect(await ids('')).toEqual([d, c, b, a]);
    expect(await ids('?limit=2')).toEqual([d, c]);
    expect(await ids('?limit=2&offset=2')).toEqual([b, a]);
    expect(await ids('?filter=sent-2')).toEqual([b, a]);
    expect(await ids('?filter=not-1')).toEqual([d, c, b]);
    expect(await ids('?filter=none')).toEqual([d, c]);
    expect(await ids('?filter=all')).toEqual([d, c, b, a]);
    const [first] = (await call('GET', '/api/leads-with-sent-weeks?filter=sent-1', user)).json();
    expect(first).toMatchObject({ id: a, sentWeeks: [1, 2] });

    const matching = (await call('GET', '/api/leads-with-sent-weeks/ids?filter=not-2', user)).json();
    expect(matching).toEqual({ ids: [d, c], total: 2 });

    for (const bad of ['sent-53', 'sent-0', 'week-1', 'not-']) {
      const response = await call('GET', `/api/leads-with-sent-weeks?filter=${bad}`, user);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Filter must be all, none, sent-{week} or not-{week}, with a week from 1 to 52.',
      );
    }
  });
});

describe('listing, counting, deleting and exporting', () => {
  let lister: string;
  beforeAll(async () => {
    lister = await registerUser(app, 'lister@leads.test');
    const rows = Array.from({ length: 250 }, (_, i) => ({ email: `p${String(i).padStart(3, '0')}@page.test` }));
    await upload(lister, rows);
  });

  const emails = async (query: string) =>
    (await call('GET', `/api/leads?${query}`, lister)).json().map((lead: { email: string }) => lead.email);

  it('pages newest first with a stable order', async () => {
    const first = await emails('limit=100&offset=0');
    const second = await emails('limit=100&offset=100');
    const third = await emails('limit=100&offset=200');
    expect(first).toHaveLength(100);
    expect(third).toHaveLength(50);
    const all = [...first, ...second, ...third];
    expect(new Set(all).size).toBe(250);
    // One chunk shares created_at, so ties go by id: the last row of the file is the newest.
    expect(first[0]).toBe('p249@page.test');
    expect(third[49]).toBe('p000@page.test');
    expect(await emails('limit=100&offset=0')).toEqual(first);
  });

  it('validates paging parameters', async () => {
    const response = await call('GET', '/api/leads?limit=0', lister);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The limit must be at least 1.' });
  });

  // The counts answer bounced too (the summary's figures did not add up to the total without it).
  it('keeps counts right through inserts, status changes and deletes', async () => {
    expect((await call('GET', '/api/leads/count', lister)).json()).toEqual({
      total: 250,
      active: 250,
      unsubscribed: 0,
      bounced: 0,
    });
    const db = t.database.db;
    const { sql } = await import('drizzle-orm');
    await db.execute(sql`UPDATE leads SET status = 'unsubscribed' WHERE email IN ('p001@page.test', 'p002@page.test')`);
    await db.execute(sql`UPDATE leads SET status = 'bounced' WHERE email = 'p003@page.test'`);
    expect((await call('GET', '/api/leads/count', lister)).json()).toEqual({
      total: 250,
      active: 247,
      unsubscribed: 2,
      bounced: 1,
    });

    const [target] = (await call('GET', '/api/leads?limit=1', lister)).json();
    const deleted = await call('DELETE', `/api/leads/${target.id}`, lister);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Lead deleted successfully' });
    expect((await call('GET', `/api/leads/${target.id}`, lister)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/leads/${target.id}`, lister)).statusCode).toBe(404);
    expect((await call('GET', '/api/leads/count', lister)).json()).toEqual({
      total: 249,
      active: 246,
      unsubscribed: 2,
      bounced: 1,
    });
  });

  it('counts zero for a user without leads', async () => {
    const fresh = await registerUser(app, 'fresh@leads.test');
    expect((await call('GET', '/api/leads/count', fresh)).json()).toEqual({
      total: 0,
      active: 0,
      unsubscribed: 0,
      bounced: 0,
    });
    expect((await call('GET', '/api/leads', fresh)).json()).toEqual([]);
  });
});

describe('GET /api/leads/export', () => {
  it('downloads every lead as CSV with custom columns and defused formulas', async () => {
    const exporter = await registerUser(app, 'exporter@leads.test');
    await upload(exporter, [
      { email: 'plain@csv.test', 'first name': 'Plain', company: 'Comma, Inc', Notes: 'says "hi"' },
      { email: 'formula@csv.test', 'first name': '=HYPERLINK("http://evil")', company: '+1 555', Notes: '@SUM(A1)' },
      { email: 'minus@csv.test', 'first name': '-2+3', company: '', Notes: 'line1\nline2' },
    ]);
    const response = await call('GET', '/api/leads/export', exporter);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('email,firstName,lastName,company,status,createdAt,Notes');
    expect(response.body).toContain(`plain@csv.test,Plain,,"Comma, Inc",active,`);
    expect(response.body).toContain(`,"says ""hi"""`);
    expect(response.body).toContain(`formula@csv.test,"'=HYPERLINK(""http://evil"")",,'+1 555,active,`);
    expect(response.body).toContain(`,'@SUM(A1)`);
    expect(response.body).toContain(`minus@csv.test,'-2+3,,,active,`);
    expect(response.body).toContain(`"line1\nline2"`);
    expect(lines.filter((line) => line.includes('@csv.test'))).toHaveLength(3);
  });

  it('exports every lead across pages, even when a whole chunk shares one timestamp', async () => {
    const big = await registerUser(app, 'big-export@leads.test');
    for (const offset of [0, 5000]) {
      const rows = Array.from({ length: offset ? 1000 : 5000 }, (_, i) => ({ email: `e${offset + i}@export.test` }));
      expect((await upload(big, rows, offset + 2)).json().added).toBe(rows.length);
    }
    const lines = (await call('GET', '/api/leads/export', big)).body.trim().split('\r\n');
    expect(lines).toHaveLength(6001);
    expect(new Set(lines).size).toBe(6001);
  });
});
