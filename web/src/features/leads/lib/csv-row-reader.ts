import Papa from 'papaparse';

/** One data row keyed by its header, as papaparse reads it with `header: true`. */
export type CsvRow = Record<string, string>;

/** What one read of the file produced: the header, the rows completed so far, and how far into the file it is. */
export type CsvSlice = { fields: string[]; rows: CsvRow[]; bytesRead: number };

/** Thrown when the file cannot be read any further; `message` is meant for the user. */
export class CsvReadError extends Error {
  override name = 'CsvReadError';
}

/** The message for a read failure: a CsvReadError's own, else a generic one. */
export function csvReadFailureMessage(error: unknown): string {
  return error instanceof CsvReadError ? error.message : 'The file could not be read.';
}

const BASE_SLICE_BYTES = 1024 * 1024;
const MAX_SLICE_BYTES = 16 * 1024 * 1024;
/** Text that still has not closed a row after this much means a quote that never closes: stop rather than hold the file. */
export const MAX_OPEN_ROW_CHARS = 32 * 1024 * 1024;
/** papaparse's key for values beyond the header's columns; we keep them under a readable name instead. */
const PAPA_EXTRA_KEY = '__parsed_extra';
const EXTRA_COLUMNS_KEY = 'Extra columns';

type Listener = (arg?: unknown) => void;

/**
 * The smallest Node-stream look-alike papaparse accepts. Pushing text parses it synchronously (papaparse's
 * ReadableStreamStreamer parses on each 'data' event), so rows are ready as soon as `push` returns.
 */
class TextFeed {
  readonly readable = true;
  private readonly listeners = new Map<string, Listener>();
  read() {}
  pause() {}
  resume() {}
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener);
    return this;
  }
  removeListener(event: string) {
    this.listeners.delete(event);
    return this;
  }
  push(text: string) {
    this.listeners.get('data')?.(text);
  }
  end() {
    this.listeners.get('end')?.();
  }
}

/** UTF-8 unless the start of the file is not valid UTF-8, which is how Excel's "CSV" (Windows-1252) files look. */
async function pickDecoder(file: Blob): Promise<TextDecoder> {
  const head = await file.slice(0, BASE_SLICE_BYTES).arrayBuffer();
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return new TextDecoder('utf-8');
  } catch {
    return new TextDecoder('windows-1252');
  }
}

function withExtraColumns(row: Record<string, unknown>): CsvRow {
  const extra = row[PAPA_EXTRA_KEY];
  if (!Array.isArray(extra)) return row as CsvRow;
  const { [PAPA_EXTRA_KEY]: _, ...rest } = row;
  return { ...rest, [EXTRA_COLUMNS_KEY]: extra.join(', ') } as CsvRow;
}

/**
 * Streams a CSV file: reads it slice by slice, decodes it (a UTF-8 BOM is dropped by TextDecoder; multi-byte
 * characters split across slices are joined), parses it with papaparse (delimiter auto-detected among comma, `;`,
 * tab…; quoted fields may hold commas and line breaks; CRLF or LF) and yields the rows each slice completed.
 * Only one slice is read at a time, and the next only when the caller asks, so memory stays small on huge files.
 */
export async function* readCsvRows(file: Blob): AsyncGenerator<CsvSlice> {
  const decoder = await pickDecoder(file);
  const feed = new TextFeed();
  let fields: string[] = [];
  let completed: CsvRow[] = [];
  Papa.parse<Record<string, unknown>>(feed as unknown as NodeJS.ReadableStream, {
    header: true,
    skipEmptyLines: 'greedy',
    chunk: (results) => {
      fields = results.meta.fields ?? fields;
      for (const row of results.data) completed.push(withExtraColumns(row));
    },
    // Rows arrive through `chunk`; papaparse's types want `complete` too.
    complete: () => {},
  });

  let bytesRead = 0;
  let sliceBytes = BASE_SLICE_BYTES;
  let rowsRead = 0;
  let openRowChars = 0;
  do {
    const end = Math.min(bytesRead + sliceBytes, file.size);
    const text = decoder.decode(await file.slice(bytesRead, end).arrayBuffer(), { stream: end < file.size });
    bytesRead = end;
    feed.push(text);
    if (bytesRead === file.size) feed.end();
    if (completed.length > 0) {
      openRowChars = 0;
      sliceBytes = BASE_SLICE_BYTES;
    } else {
      openRowChars += text.length;
      if (openRowChars > MAX_OPEN_ROW_CHARS) {
        throw new CsvReadError(
          `Row ${rowsRead + 2} is over ${MAX_OPEN_ROW_CHARS / 1024 / 1024} MB, so the file cannot be read past it. Check it for a quote that is never closed.`,
        );
      }
      // A very long row is re-scanned with every slice; doubling the slice keeps that linear.
      sliceBytes = Math.min(sliceBytes * 2, MAX_SLICE_BYTES);
    }
    rowsRead += completed.length;
    const rows = completed;
    completed = [];
    yield { fields, rows, bytesRead };
  } while (bytesRead < file.size);
}
