import { describe, expect, it } from 'vitest';
import { csvPreviewProblem, readCsvPreview } from './csv-preview';

describe('readCsvPreview', () => {
  it('shows the header and the first 5 rows, and finds the email column under any usual spelling', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => `lead${i}@x.com;Lead ${i}`);
    const preview = await readCsvPreview(new Blob([`E-mail Address;First Name\n${lines.join('\n')}`]));
    expect(preview.fields).toEqual(['E-mail Address', 'First Name']);
    expect(preview.rows.map((row) => row['First Name'])).toEqual(['Lead 0', 'Lead 1', 'Lead 2', 'Lead 3', 'Lead 4']);
    expect(preview.hasEmailColumn).toBe(true);
  });

  it('says when there is no email column', async () => {
    const preview = await readCsvPreview(new Blob(['name,phone\nAnn,555\n']));
    expect(preview.hasEmailColumn).toBe(false);
  });

  it('tells an empty or header-only file apart from one it stopped reading early', async () => {
    expect(await readCsvPreview(new Blob(['']))).toEqual({
      fields: [],
      rows: [],
      hasEmailColumn: false,
      readWholeFile: true,
    });
    const headerOnly = await readCsvPreview(new Blob(['\uFEFFemail,company\r\n']));
    expect(headerOnly).toEqual({ fields: ['email', 'company'], rows: [], hasEmailColumn: true, readWholeFile: true });
    const hugeFirstRow = await readCsvPreview(new Blob([`email,notes\na@x.com,"${'x'.repeat(12 * 1024 * 1024)}`]));
    expect(hugeFirstRow.rows).toEqual([]);
    expect(hugeFirstRow.readWholeFile).toBe(false);
  });

  it('names what keeps a file from being uploaded', async () => {
    const problemOf = async (text: string) => csvPreviewProblem(await readCsvPreview(new Blob([text])));
    expect(await problemOf('')).toBe('This file is empty.');
    expect(await problemOf('name,phone\nAnn,555\n')).toMatch(/^This file has no email column/);
    expect(await problemOf('email\r\n')).toBe('This file has a header row but no leads under it.');
    expect(await problemOf('Email Address\nann@x.com\n')).toBeNull();
  });
});
