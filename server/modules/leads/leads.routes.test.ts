import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_CHUNK_ROWS } from '../../../contract/leads';
import { leads, users } from '../../db/schema';
import { createTestApp, registerUser } from '../../test/app';
import { seedSentEmails } from '../../test/seed-sent-emails';

const t = await createTestApp();
const { app } = t;
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) {
  return app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
}
const upload = (token: string, csvData: unknown[], firstRowNumber = 2) =>
  call('POST', '/api/leads/upload-csv', token, { csvData, firstRowNumber });

let owner: string;
let stranger: string;
beforeAll(async () => {
  owner = await registerUser(app, 'owner@leads.test');
  stranger = await registerUser(app, 'stranger@leads.test');
});

describe('POST /api/leads and GET /api/leads/{id}', () => {
  it('creates a lead and shows its details with an empty, real history', async () => {
    const created = await call('POST', '/api/leads', owner, {
      email: 'ana@bakery.test',
      firstName: 'Ana',
      lastName: '',
      company: 'Ana Bakes',
    });
    expect(created.statusCode).toBe(201);
    const lead = created.json();
    expect(lead).toMatchObject({
      email: 'ana@bakery.test',
      firstName: 'Ana',
      lastName: null,
      company: 'Ana Bakes',
      status: 'active',
      customFields: {},
    });
    expect(typeof lead.id).toBe('number');

    const detail = await call('GET', `/api/leads/${lead.id}`, owner);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      lead,
      contactCount: 0,
      hasResponded: false,
      lastContactedAt: null,
      emailHistory: [],
    });
  });

  it('computes contact count, response and history from the emails sent', async () => {
    const lead = (await call('POST', '/api/leads', owner, { email: 'history@lead.test' })).json();
    const [ownerRow] = await t.database.db.select({ userId: leads.userId }).from(leads).limit(1);
    await seedSentEmails(t.database.db, ownerRow.userId, [
      {
        leadId: lead.id,
        subject: 'Week 1 hello',
        weekNumber: 1,
        sentAt: new Date('2026-03-02T10:00:00Z'),
      },
      {
        leadId: lead.id,
        subject: 'Week 2 follow-up',
        weekNumber: 2,
        sentAt: new Date('2026-03-09T10:00:00Z'),
        repliedAt: new Date('2026-03-09T12:00:00Z'),
      },
    ]);
    const detail = (await call('GET', `/api/leads/${lead.id}`, owner)).json();
    expect(detail).toMatchObject({
      contactCount: 2,
      hasResponded: true,
      // Their reply to the second mail is the latest contact.
      lastContactedAt: '2026-03-09T12:00:00.000Z',
      emailHistory: [
        { subject: 'Week 2 follow-up', sentAt: '2026-03-09T10:00:00.000Z' },
        { subject: 'Week 1 hello', sentAt: '2026-03-02T10:00:00.000Z' },
      ],
    });
    const history = await call('GET', `/api/lead-contact-history/${lead.id}`, owner);
    expect(history.json()).toEqual({ leadId: lead.id, emailHistory: detail.emailHistory });

    const withWeeks = (await call('GET', '/api/leads-with-sent-weeks', owner)).json();
    expect(withWeeks.find((row: { id: number }) => row.id === lead.id)).toEqual({
      id: lead.id,
      firstName: null,
      lastName: null,
      email: 'history@lead.test',
      company: null,
      status: 'active',
      sentWeeks: [1, 2],
    });
  });

  it('refuses a duplicate email whatever its case, and an invalid email', async () => {
    const duplicate = await call('POST', '/api/leads', owner, { email: 'ANA@Bakery.test' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'A lead with this email already exists' });
    const invalid = await call('POST', '/api/leads', owner, { email: 'ana at bakery' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: 'email: Invalid email address' });
    const missing = await call('POST', '/api/leads', owner, { firstName: 'No email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^email: /);
  });

  it('answers "Lead not found" for unknown and malformed ids', async () => {
    for (const id of ['999999999', 'abc', '1e3', '-1']) {
      const response = await call('GET', `/api/leads/${id}`, owner);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Lead not found' });
    }
  });

  it('answers 401 to every lead call when signed out', async () => {
    for (const url of [
      '/api/leads',
      '/api/leads/count',
      '/api/leads/1',
      '/api/leads-with-sent-weeks',
      '/api/leads/export',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

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
        'filter: filter must be all, none, sent-{week} or not-{week}, with a week from 1 to 52',
      );
    }
  });
});

describe('isolation between users', () => {
  it('never shows, counts, exports or deletes another user’s lead', async () => {
    const theirs = (await call('POST', '/api/leads', stranger, { email: 'secret@stranger.test' })).json();
    for (const url of [`/api/leads/${theirs.id}`, `/api/lead-contact-history/${theirs.id}`]) {
      const response = await call('GET', url, owner);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret@stranger.test');
    }
    expect((await call('DELETE', `/api/leads/${theirs.id}`, owner)).statusCode).toBe(404);
    const ownList = (await call('GET', '/api/leads?limit=500', owner)).body;
    expect(ownList).not.toContain('secret@stranger.test');
    expect((await call('GET', '/api/leads/export', owner)).body).not.toContain('secret@stranger.test');
    expect((await call('GET', '/api/leads-with-sent-weeks', owner)).body).not.toContain('secret@stranger.test');
    expect((await call('GET', `/api/leads/${theirs.id}`, stranger)).statusCode).toBe(200);
    // The same email is free for another user.
    expect((await call('POST', '/api/leads', owner, { email: 'secret@stranger.test' })).statusCode).toBe(201);
  });
});

describe('POST /api/leads/upload-csv', () => {
  let uploader: string;
  beforeAll(async () => {
    uploader = await registerUser(app, 'uploader@leads.test');
  });

  it('imports rows with forgiving headers, keeps other columns, skips duplicates and reports bad rows', async () => {
    await call('POST', '/api/leads', uploader, { email: 'existing@shop.test' });
    const response = await upload(uploader, [
      { 'E-mail': ' "jo@shop.test" ', 'First Name': 'Jo', last_name: 'Doe', 'Company Name': 'Shop', City: 'Austin' },
      { 'E-mail': 'EXISTING@shop.test', 'First Name': 'Old', last_name: '', 'Company Name': '', City: '' },
      { 'E-mail': 'jo@SHOP.test', 'First Name': 'Twin', last_name: '', 'Company Name': '', City: '' },
      { 'E-mail': '', 'First Name': '', last_name: '', 'Company Name': '', City: '' },
      { 'E-mail': 'not-an-email', 'First Name': 'Bad', last_name: '', 'Company Name': '', City: '' },
      { 'E-mail': '', 'First Name': 'Nomail', last_name: '', 'Company Name': '', City: '' },
      'not a row',
      { 'E-mail': 'nested@shop.test', 'First Name': { evil: true } },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Upload complete: 1 added, 2 duplicates skipped, 4 errors',
      added: 1,
      duplicates: 2,
      errors: 4,
      errorDetails: [
        { row: 6, email: 'not-an-email', reason: 'Invalid email address' },
        { row: 7, email: '', reason: 'Missing email' },
        { row: 8, email: '', reason: 'Malformed row: expected column values as text' },
        { row: 9, email: '', reason: 'Malformed row: expected column values as text' },
      ],
    });
    const [jo] = (await call('GET', '/api/leads?limit=1', uploader)).json();
    expect(jo).toMatchObject({
      email: 'jo@shop.test',
      firstName: 'Jo',
      lastName: 'Doe',
      company: 'Shop',
      customFields: { City: 'Austin' },
    });
  });

  it('names the 1,000th row when it is the bad one, and imports the other 999', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ email: `bulk${i}@thousand.test`, name: `N${i}` }));
    rows[999] = { email: 'broken@', name: 'Last' };
    const result = (await upload(uploader, rows)).json();
    expect(result).toMatchObject({ added: 999, duplicates: 0, errors: 1 });
    expect(result.errorDetails).toEqual([{ row: 1001, email: 'broken@', reason: 'Invalid email address' }]);
  });

  it('numbers rows across chunks with firstRowNumber and lists at most 20 errors', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ email: `bad-${i}` }));
    const result = (await upload(uploader, rows, 5002)).json();
    expect(result.errors).toBe(30);
    expect(result.errorDetails).toHaveLength(20);
    expect(result.errorDetails[0].row).toBe(5002);
  });

  it('reports oversized values as row errors', async () => {
    const result = (
      await upload(uploader, [
        { email: 'long@values.test', 'first name': 'x'.repeat(201) },
        { email: 'notes@values.test', notes: 'y'.repeat(5001) },
      ])
    ).json();
    expect(result.errorDetails).toEqual([
      { row: 2, email: 'long@values.test', reason: 'The first name is longer than 200 characters' },
      { row: 3, email: 'notes@values.test', reason: 'The value in column "notes" is longer than 5000 characters' },
    ]);
  });

  it("takes a file in requests of at most 5,000 rows, with totals per request and the file's line numbers", async () => {
    const whole = await registerUser(app, 'whole-file@leads.test');
    const rows: Record<string, string>[] = Array.from({ length: 4 * CSV_CHUNK_ROWS }, (_, i) => ({
      email: `w${i}@whole.test`,
    }));
    rows[5000] = { email: 'W0@WHOLE.TEST' }; // a duplicate of the first row, in the second request
    rows[12_345] = { email: 'broken@whole' };
    rows[19_999] = { email: '', note: 'no address' };
    const results = [];
    for (let start = 0; start < rows.length; start += CSV_CHUNK_ROWS) {
      const response = await upload(whole, rows.slice(start, start + CSV_CHUNK_ROWS), start + 2);
      expect(response.statusCode).toBe(200);
      results.push(response.json());
    }
    expect(results.map((result) => [result.added, result.duplicates, result.errors])).toEqual([
      [5000, 0, 0],
      [4999, 1, 0],
      [4999, 0, 1],
      [4999, 0, 1],
    ]);
    expect(results.flatMap((result) => result.errorDetails)).toEqual([
      { row: 12_347, email: 'broken@whole', reason: 'Invalid email address' },
      { row: 20_001, email: '', reason: 'Missing email' },
    ]);
    expect((await call('GET', '/api/leads/count', whole)).json()).toMatchObject({ total: 19_997 });
  });

  it('refuses a request of more than 5,000 rows, saying to send the file in parts', async () => {
    const before = (await call('GET', '/api/leads/count', uploader)).json().total;
    const response = await upload(
      uploader,
      Array.from({ length: CSV_CHUNK_ROWS + 1 }, (_, i) => ({ email: `over${i}@rows.test` })),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'csvData: At most 5,000 rows per upload request: send a larger file in parts',
    });
    expect((await call('GET', '/api/leads/count', uploader)).json().total).toBe(before);
  });

  it('stays responsive during a big import: other requests see the rows already committed', async () => {
    const big = await registerUser(app, 'big-import@leads.test');
    // Four statements of CSV_CHUNK_ROWS: enough to be seen midway, and well inside the test's time on a busy CI.
    const rows = Array.from({ length: 4 * CSV_CHUNK_ROWS }, (_, i) => ({
      email: `b${i}@big.test`,
      company: `Company ${i}`,
    }));
    let finished = false;
    // The leads service's own import (what the lead finder's import calls) takes a whole list in statements of
    // CSV_CHUNK_ROWS; requests carry at most one such chunk.
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'big-import@leads.test'));
    const importing = t.container.services.leads
      .importCsv(user, { csvData: rows, firstRowNumber: 2 })
      .then((result) => {
        finished = true;
        return result;
      });
    let seenMidway: number | null = null;
    const deadline = Date.now() + 20_000;
    // Polls as a client would, a few milliseconds apart, until the import answers.
    while (!finished && seenMidway === null && Date.now() < deadline) {
      const { total } = (await call('GET', '/api/leads/count', big)).json();
      if (total > 0 && total < rows.length && !finished) seenMidway = total;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await importing).toMatchObject({ added: rows.length, errors: 0 });
    // A count answered while the import ran, showing part of it: the file is not one long transaction.
    expect(seenMidway).not.toBeNull();
  });

  it('refuses addresses the one email rule refuses, in files as in the Add Lead form', async () => {
    const result = (await upload(uploader, [{ email: 'josé@example.com' }, { email: 'a..b@example.com' }])).json();
    expect(result).toMatchObject({ added: 0, errors: 2 });
    expect(result.errorDetails.map((error: { reason: string }) => error.reason)).toEqual([
      'Invalid email address',
      'Invalid email address',
    ]);
    const single = await call('POST', '/api/leads', uploader, { email: 'josé@example.com' });
    expect(single.statusCode).toBe(400);
    expect(single.json()).toEqual({ message: 'email: Invalid email address' });
  });

  it('refuses a body over 5 MB with 413', async () => {
    const huge = await upload(uploader, [{ email: 'big@field.test', notes: 'z'.repeat(6 * 1024 * 1024) }]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'The request is too large. Send large uploads in smaller parts.' });
  });

  it('refuses a body that is not an object with csvData', async () => {
    const response = await call('POST', '/api/leads/upload-csv', uploader, { rows: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^csvData: /);
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
    expect(response.json().message).toMatch(/^limit: /);
  });

  it('keeps counts right through inserts, status changes and deletes', async () => {
    expect((await call('GET', '/api/leads/count', lister)).json()).toEqual({
      total: 250,
      active: 250,
      unsubscribed: 0,
    });
    const db = t.database.db;
    const { sql } = await import('drizzle-orm');
    await db.execute(sql`UPDATE leads SET status = 'unsubscribed' WHERE email IN ('p001@page.test', 'p002@page.test')`);
    await db.execute(sql`UPDATE leads SET status = 'bounced' WHERE email = 'p003@page.test'`);
    expect((await call('GET', '/api/leads/count', lister)).json()).toEqual({
      total: 250,
      active: 247,
      unsubscribed: 2,
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
    });
  });

  it('counts zero for a user without leads', async () => {
    const fresh = await registerUser(app, 'fresh@leads.test');
    expect((await call('GET', '/api/leads/count', fresh)).json()).toEqual({ total: 0, active: 0, unsubscribed: 0 });
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

describe('text PostgreSQL cannot store', () => {
  it('drops NUL from CSV values and refuses it in a typed lead with 400', async () => {
    const user = await registerUser(app, 'nul@leads.test');
    const imported = (
      await upload(user, [{ email: 'nul@values.test', 'first name': 'A\u0000na', notes: 'x\u0000' }])
    ).json();
    expect(imported.added).toBe(1);
    const [lead] = (await call('GET', '/api/leads', user)).json();
    expect(lead).toMatchObject({ firstName: 'Ana', customFields: { notes: 'x' } });
    const typed = await call('POST', '/api/leads', user, { email: 'typed@values.test', firstName: 'a\u0000b' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({ message: 'Text may not contain NUL characters or broken Unicode.' });
  });
});
