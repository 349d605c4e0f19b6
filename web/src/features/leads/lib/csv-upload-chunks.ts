import { mapCsvRow } from '@contract/csv-leads';
import { CSV_CHUNK_ROWS, type CsvRowError } from '@contract/leads';
import type { CsvRow, CsvSlice } from './csv-row-reader';

/**
 * JSON bytes per upload request. The server takes a whole file (up to 50 MB) in one call, but small requests give
 * the progress bar and Cancel something to work with, and a lost connection costs one chunk.
 */
export const CSV_CHUNK_BUDGET_BYTES = 4 * 1024 * 1024;

/**
 * One upload request's worth of rows. `firstRowNumber` is the file line of `rows[0]` (the header is line 1).
 * `rejected` are rows too large to send at all, reported as row errors by the client itself.
 */
export type CsvUploadChunk = {
  rows: CsvRow[];
  firstRowNumber: number;
  rejected: CsvRowError[];
  /** Data rows of the file handled once this chunk is sent, and the file bytes read so far. */
  rowsRead: number;
  bytesRead: number;
};

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // A surrogate pair is 4 bytes in UTF-8, 2 bytes per half.
    else if (code >= 0xd800 && code <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

function tooLargeRow(row: CsvRow, rowNumber: number): CsvRowError {
  const email = mapCsvRow(row)?.email ?? '';
  return {
    row: rowNumber,
    email: email.length > 80 ? `${email.slice(0, 80)}…` : email,
    reason: `Row is larger than ${CSV_CHUNK_BUDGET_BYTES / 1024 / 1024} MB, so it was not uploaded`,
  };
}

/**
 * Regroups streamed rows into upload requests of at most CSV_CHUNK_ROWS rows and CSV_CHUNK_BUDGET_BYTES of JSON,
 * in file order. A row bigger than the budget alone ends the chunk before it and is reported, not sent, so the
 * rows after it keep their line numbers.
 */
export async function* csvUploadChunks(
  slices: AsyncIterable<CsvSlice>,
  { maxRows = CSV_CHUNK_ROWS, maxBytes = CSV_CHUNK_BUDGET_BYTES } = {},
): AsyncGenerator<CsvUploadChunk> {
  let rows: CsvRow[] = [];
  let rejected: CsvRowError[] = [];
  let bytes = 0;
  let bytesRead = 0;
  let firstRowNumber = 2;
  const take = (): CsvUploadChunk => {
    // Every row before this chunk's first one has been sent or rejected.
    const rowsRead = firstRowNumber - 2 + rows.length;
    const chunk = { rows, firstRowNumber, rejected, rowsRead, bytesRead };
    firstRowNumber += rows.length;
    rows = [];
    rejected = [];
    bytes = 0;
    return chunk;
  };

  for await (const slice of slices) {
    bytesRead = slice.bytesRead;
    for (const row of slice.rows) {
      const rowBytes = utf8Length(JSON.stringify(row)) + 1;
      if (rowBytes > maxBytes) {
        if (rows.length > 0) yield take();
        rejected.push(tooLargeRow(row, firstRowNumber));
        firstRowNumber += 1;
        continue;
      }
      if (rows.length === maxRows || bytes + rowBytes > maxBytes) yield take();
      rows.push(row);
      bytes += rowBytes;
    }
  }
  if (rows.length > 0 || rejected.length > 0) yield take();
}
