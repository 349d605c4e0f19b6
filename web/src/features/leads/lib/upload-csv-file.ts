import { CSV_ERROR_DETAILS_LIMIT, type CsvRowError, type CsvUploadResult } from '@contract/leads';
import { readCsvRows } from './csv-row-reader';
import { type CsvUploadChunk, csvUploadChunks } from './csv-upload-chunks';

/** The sums over the chunks sent so far, and how far through the file the upload is. */
export type CsvUploadTotals = {
  added: number;
  duplicates: number;
  errors: number;
  errorDetails: CsvRowError[];
  rowsRead: number;
  bytesRead: number;
  totalBytes: number;
};

export type CsvUploadOutcome =
  | { status: 'complete' | 'cancelled'; totals: CsvUploadTotals }
  | { status: 'failed'; totals: CsvUploadTotals; error: unknown };

type UploadOptions = {
  sendChunk: (rows: CsvUploadChunk['rows'], firstRowNumber: number) => Promise<CsvUploadResult>;
  onProgress: (totals: CsvUploadTotals) => void;
  /** Checked after each chunk: a cancel stops once the chunk being sent is in, and what was sent stays imported. */
  isCancelled: () => boolean;
  /** Where the chunks come from; the browser reads them in a worker (csvChunksInWorker). */
  readChunks?: (file: Blob) => AsyncIterable<CsvUploadChunk>;
};

const readChunksHere = (file: Blob) => csvUploadChunks(readCsvRows(file));

function withErrorDetails(totals: CsvUploadTotals, details: CsvRowError[]): CsvRowError[] {
  if (totals.errorDetails.length >= CSV_ERROR_DETAILS_LIMIT || details.length === 0) return totals.errorDetails;
  return [...totals.errorDetails, ...details].slice(0, CSV_ERROR_DETAILS_LIMIT);
}

function addChunk(totals: CsvUploadTotals, chunk: CsvUploadChunk, result: CsvUploadResult | null): CsvUploadTotals {
  // Rows rejected before sending precede the chunk's rows in the file, so their errors come first.
  const details = [...chunk.rejected, ...(result?.errorDetails ?? [])].sort((a, b) => a.row - b.row);
  return {
    ...totals,
    added: totals.added + (result?.added ?? 0),
    duplicates: totals.duplicates + (result?.duplicates ?? 0),
    errors: totals.errors + chunk.rejected.length + (result?.errors ?? 0),
    errorDetails: withErrorDetails(totals, details),
    rowsRead: chunk.rowsRead,
    bytesRead: chunk.bytesRead,
  };
}

/** Streams the file to the server one chunk at a time, in order, never more than one request in flight. */
export async function uploadCsvFile(file: Blob, options: UploadOptions): Promise<CsvUploadOutcome> {
  let totals: CsvUploadTotals = {
    added: 0,
    duplicates: 0,
    errors: 0,
    errorDetails: [],
    rowsRead: 0,
    bytesRead: 0,
    totalBytes: file.size,
  };
  try {
    for await (const chunk of (options.readChunks ?? readChunksHere)(file)) {
      const result = chunk.rows.length > 0 ? await options.sendChunk(chunk.rows, chunk.firstRowNumber) : null;
      totals = addChunk(totals, chunk, result);
      options.onProgress(totals);
      if (options.isCancelled()) return { status: 'cancelled', totals };
    }
  } catch (error) {
    return { status: 'failed', totals, error };
  }
  return { status: 'complete', totals };
}
