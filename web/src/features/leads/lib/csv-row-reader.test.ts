import { describe, expect, it } from 'vitest';
import { CsvReadError, type CsvRow, MAX_OPEN_ROW_CHARS, readCsvRows } from './csv-row-reader';

async function readAll(file: Blob) {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let slices = 0;
  for await (const slice of readCsvRows(file)) {
    fields = slice.fields;
    rows.push(...slice.rows);
    slices += 1;
  }
  return { fields, rows, slices };
}

const csv = (...parts: (string | Uint8Array)[]) => new Blob(parts as BlobPart[]);

describe('readCsvRows', () => {
  it('reads a comma file with a BOM, CRLF line ends and quoted commas and line breaks', async () => {
    const { fields, rows } = await readAll(
      csv(
        '\uFEFFemail,First Name,Notes\r\n',
        'ann@example.com,Ann,"Likes tea, coffee"\r\n',
        'bob@example.com,Bob,"line one\r\nline two"\r\n',
      ),
    );
    expect(fields).toEqual(['email', 'First Name', 'Notes']);
    expect(rows).toEqual([
      { email: 'ann@example.com', 'First Name': 'Ann', Notes: 'Likes tea, coffee' },
      { email: 'bob@example.com', 'First Name': 'Bob', Notes: 'line one\r\nline two' },
    ]);
  });

  it('detects semicolon and tab separators', async () => {
    const semicolon = await readAll(csv('email;company\na@x.com;"Acme; Inc"\n'));
    expect(semicolon.rows).toEqual([{ email: 'a@x.com', company: 'Acme; Inc' }]);
    const tab = await readAll(csv('email\tcompany\r\na@x.com\tAcme, Inc\r\n'));
    expect(tab.rows).toEqual([{ email: 'a@x.com', company: 'Acme, Inc' }]);
  });

  it('keeps formulas and markup as the plain text they are', async () => {
    const { rows } = await readAll(
      csv(
        'email,firstName,website\n',
        'x@y.com,<script>alert(1)</script>,"=HYPERLINK(""http://evil.test"",""click"")"\n',
      ),
    );
    expect(rows).toEqual([
      { email: 'x@y.com', firstName: '<script>alert(1)</script>', website: '=HYPERLINK("http://evil.test","click")' },
    ]);
  });

  it('skips blank lines and keeps values past the header under "Extra columns"', async () => {
    const { rows } = await readAll(csv('email,company\n\n , \na@x.com,Acme,Inc,more\n\n'));
    expect(rows).toEqual([{ email: 'a@x.com', company: 'Acme', 'Extra columns': 'Inc, more' }]);
  });

  it('gives no header and no rows for an empty file, and a header with no rows for a header-only file', async () => {
    expect(await readAll(csv(''))).toEqual({ fields: [], rows: [], slices: 1 });
    const headerOnly = await readAll(csv('email,firstName,lastName\r\n'));
    expect(headerOnly.fields).toEqual(['email', 'firstName', 'lastName']);
    expect(headerOnly.rows).toEqual([]);
  });

  it('streams a multi-megabyte file in slices without losing, repeating or garbling rows', async () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `lead${i}@example.com,Zoë ${i},"Café, ${i}"`);
    const { rows, slices } = await readAll(csv(`email,firstName,company\n${lines.join('\n')}\n`));
    expect(slices).toBeGreaterThan(1);
    expect(rows).toHaveLength(40_000);
    expect(rows[0]).toEqual({ email: 'lead0@example.com', firstName: 'Zoë 0', company: 'Café, 0' });
    expect(rows[39_999]).toEqual({ email: 'lead39999@example.com', firstName: 'Zoë 39999', company: 'Café, 39999' });
    // Multi-byte characters split across slice boundaries decode intact.
    expect(rows.every((row, i) => row.firstName === `Zoë ${i}`)).toBe(true);
  });

  it('reads a Windows-1252 file (Excel "CSV") as such', async () => {
    const latin1 = Uint8Array.from(
      [...'email,company\na@x.com,Caf', 0xe9, ...'\n'].map((c) => (typeof c === 'number' ? c : c.charCodeAt(0))),
    );
    const { rows } = await readAll(csv(latin1));
    expect(rows).toEqual([{ email: 'a@x.com', company: 'Café' }]);
  });

  it('reads a row with a 10 MB field whole, and the rows after it', async () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const { rows } = await readAll(csv(`email,notes\na@x.com,"${huge}"\nb@x.com,short\n`));
    expect(rows.map((row) => [row.email, row.notes.length])).toEqual([
      ['a@x.com', huge.length],
      ['b@x.com', 5],
    ]);
  });

  it('stops with a clear message at a quote that never closes', async () => {
    const endless = `email,notes\na@x.com,ok\nb@x.com,"${'y'.repeat(MAX_OPEN_ROW_CHARS * 1.5)}\n`;
    const failure = await readAll(csv(endless)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CsvReadError);
    expect((failure as Error).message).toBe(
      'Row 3 is over 32 MB, so the file cannot be read past it. Check it for a quote that is never closed.',
    );
  });
});
