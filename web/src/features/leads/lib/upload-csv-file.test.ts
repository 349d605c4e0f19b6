import type { CsvUploadResult } from '@contract/leads';
import { describe, expect, it } from 'vitest';
import type { CsvRow } from './csv-row-reader';
import { type CsvUploadTotals, uploadCsvFile } from './upload-csv-file';

/** Stands in for the server: every row with an "@" is added, any other row is an invalid email. */
function fakeServer() {
  const requests: { rows: CsvRow[]; firstRowNumber: number }[] = [];
  const sendChunk = async (rows: CsvRow[], firstRowNumber: number): Promise<CsvUploadResult> => {
    requests.push({ rows, firstRowNumber });
    const invalid = rows.flatMap((row, i) =>
      row.email.includes('@') ? [] : [{ row: firstRowNumber + i, email: row.email, reason: 'Invalid email address' }],
    );
    return {
      message: 'ok',
      added: rows.length - invalid.length,
      duplicates: 0,
      errors: invalid.length,
      errorDetails: invalid.slice(0, 20),
    };
  };
  return { requests, sendChunk };
}

const file = (rowCount: number, invalidEvery = 0) =>
  new Blob([
    'email\n',
    Array.from({ length: rowCount }, (_, i) =>
      invalidEvery && i % invalidEvery === 0 ? `bad${i}` : `lead${i}@example.com`,
    ).join('\n'),
  ]);

describe('uploadCsvFile', () => {
  it('sends the file chunk by chunk and sums the results, listing the first 20 errors in file order', async () => {
    const server = fakeServer();
    const progress: CsvUploadTotals[] = [];
    const outcome = await uploadCsvFile(file(12_000, 100), {
      sendChunk: server.sendChunk,
      onProgress: (totals) => progress.push(totals),
      isCancelled: () => false,
    });
    expect(server.requests.map((request) => request.firstRowNumber)).toEqual([2, 5002, 10_002]);
    expect(outcome.status).toBe('complete');
    expect(outcome.totals).toMatchObject({ added: 11_880, duplicates: 0, errors: 120, rowsRead: 12_000 });
    expect(outcome.totals.errorDetails).toHaveLength(20);
    expect(outcome.totals.errorDetails[0]).toEqual({ row: 2, email: 'bad0', reason: 'Invalid email address' });
    expect(outcome.totals.errorDetails[19].row).toBe(1902);
    expect(progress.map((totals) => totals.added)).toEqual([4950, 9900, 11_880]);
    expect(progress.at(-1)?.bytesRead).toBe(outcome.totals.totalBytes);
  });

  it('stops after the chunk in flight when cancelled, keeping what was sent', async () => {
    const server = fakeServer();
    const outcome = await uploadCsvFile(file(12_000), {
      sendChunk: server.sendChunk,
      onProgress: () => {},
      isCancelled: () => server.requests.length >= 1,
    });
    expect(outcome.status).toBe('cancelled');
    expect(server.requests).toHaveLength(1);
    expect(outcome.totals.added).toBe(5000);
  });

  it('reports a failed chunk with the totals of the chunks before it', async () => {
    const server = fakeServer();
    const refusal = new Error('413: too large');
    const outcome = await uploadCsvFile(file(12_000), {
      sendChunk: (rows, firstRowNumber) =>
        server.requests.length === 1 ? Promise.reject(refusal) : server.sendChunk(rows, firstRowNumber),
      onProgress: () => {},
      isCancelled: () => false,
    });
    expect(outcome).toMatchObject({ status: 'failed', error: refusal, totals: { added: 5000 } });
  });

  it('counts rows too large to send as errors without sending them', async () => {
    const server = fakeServer();
    const text = `email\na@x.com\n"${'x'.repeat(5 * 1024 * 1024)}@x.com"\nb@x.com\n`;
    const outcome = await uploadCsvFile(new Blob([text]), {
      sendChunk: server.sendChunk,
      onProgress: () => {},
      isCancelled: () => false,
    });
    expect(outcome.totals).toMatchObject({ added: 2, errors: 1 });
    expect(outcome.totals.errorDetails[0]).toMatchObject({ row: 3 });
    expect(server.requests.flatMap((request) => request.rows.map((row) => row.email))).toEqual(['a@x.com', 'b@x.com']);
  });
});
