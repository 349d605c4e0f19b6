import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_CHUNK_ROWS } from '../../../contract/leads';
import { users } from '../../db/schema';
import { registerUser } from '../../test/app';
import { createLeadsTestApp } from './leads-test-helpers';

const { t, app, call, upload } = await createLeadsTestApp();

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
      message: 'At most 5,000 rows per upload request: send a larger file in parts.',
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
    expect(single.json()).toEqual({ message: 'Invalid email address.' });
  });

  it('refuses a body over 5 MB with 413', async () => {
    const huge = await upload(uploader, [{ email: 'big@field.test', notes: 'z'.repeat(6 * 1024 * 1024) }]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'The request is too large. Send large uploads in smaller parts.' });
  });

  it('refuses a body that is not an object with csvData', async () => {
    const response = await call('POST', '/api/leads/upload-csv', uploader, { rows: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The csv data is required.' });
  });
});
