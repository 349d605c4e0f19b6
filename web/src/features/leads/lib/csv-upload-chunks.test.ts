import { CSV_CHUNK_ROWS, CSV_UPLOAD_MAX_BYTES } from '@contract/leads';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from './csv-row-reader';
import { CSV_CHUNK_BUDGET_BYTES, type CsvUploadChunk, csvUploadChunks } from './csv-upload-chunks';

async function chunksOf(text: string, limits?: { maxRows?: number; maxBytes?: number }) {
  const chunks: CsvUploadChunk[] = [];
  for await (const chunk of csvUploadChunks(readCsvRows(new Blob([text])), limits)) chunks.push(chunk);
  return chunks;
}

const leadLines = (count: number, extra = '') =>
  Array.from({ length: count }, (_, i) => `lead${i}@example.com,Name ${i}${extra}`).join('\n');

describe('csvUploadChunks', () => {
  it('splits rows into requests of at most CSV_CHUNK_ROWS, numbering each by its first file line', async () => {
    const chunks = await chunksOf(`email,firstName\n${leadLines(12_001)}\n`);
    expect(chunks.map((chunk) => [chunk.rows.length, chunk.firstRowNumber, chunk.rowsRead])).toEqual([
      [CSV_CHUNK_ROWS, 2, 5000],
      [CSV_CHUNK_ROWS, 5002, 10_000],
      [2001, 10_002, 12_001],
    ]);
    expect(chunks[1].rows[0]).toEqual({ email: 'lead5000@example.com', firstName: 'Name 5000' });
    expect(chunks.at(-1)?.bytesRead).toBeGreaterThan(0);
  });

  it('keeps every request body under the byte budget, well below the server limit', async () => {
    const padding = `,"${'z'.repeat(2000)}"`;
    const chunks = await chunksOf(`email,firstName,notes\n${leadLines(5000, padding)}\n`);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      const body = JSON.stringify({ csvData: chunk.rows, firstRowNumber: chunk.firstRowNumber });
      expect(Buffer.byteLength(body)).toBeLessThan(CSV_CHUNK_BUDGET_BYTES + 100);
      expect(Buffer.byteLength(body)).toBeLessThan(CSV_UPLOAD_MAX_BYTES);
    }
    expect(chunks.reduce((sum, chunk) => sum + chunk.rows.length, 0)).toBe(5000);
  });

  it('reports a row too large to send as a row error and keeps the line numbers of the rows around it', async () => {
    const text = `email,notes\na@x.com,one\nhuge@x.com,"${'x'.repeat(10 * 1024 * 1024)}"\nc@x.com,three\n`;
    const chunks = await chunksOf(text);
    expect(chunks.map((chunk) => ({ ...chunk, bytesRead: 0 }))).toEqual([
      { rows: [{ email: 'a@x.com', notes: 'one' }], firstRowNumber: 2, rejected: [], rowsRead: 1, bytesRead: 0 },
      {
        rows: [{ email: 'c@x.com', notes: 'three' }],
        firstRowNumber: 4,
        rejected: [{ row: 3, email: 'huge@x.com', reason: 'Row is larger than 4 MB, so it was not uploaded' }],
        rowsRead: 3,
        bytesRead: 0,
      },
    ]);
  });

  it('yields nothing for an empty or header-only file', async () => {
    expect(await chunksOf('')).toEqual([]);
    expect(await chunksOf('email,firstName\r\n')).toEqual([]);
  });

  it('respects smaller limits given by the caller', async () => {
    const chunks = await chunksOf(`email\n${leadLines(7)}\n`, { maxRows: 3 });
    expect(chunks.map((chunk) => chunk.firstRowNumber)).toEqual([2, 5, 8]);
  });
});
