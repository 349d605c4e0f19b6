import { leadColumnFor } from '@contract/csv-leads';
import { type CsvRow, readCsvRows } from './csv-row-reader';

/** docs/product.md §9: the upload dialog previews the first 5 rows. */
export const CSV_PREVIEW_ROWS = 5;
/** The preview stops reading here even without 5 rows, so a file with a giant first row still opens quickly. */
const PREVIEW_READ_LIMIT_BYTES = 4 * 1024 * 1024;

export type CsvPreview = {
  fields: string[];
  rows: CsvRow[];
  hasEmailColumn: boolean;
  /** True when the preview read the whole file, so `rows` being empty means the file has no data rows. */
  readWholeFile: boolean;
};

/** Why a previewed file cannot be uploaded, or null when it can. */
export function csvPreviewProblem(preview: CsvPreview): string | null {
  if (preview.fields.length === 0) return 'This file is empty.';
  if (!preview.hasEmailColumn) {
    return 'This file has no email column. Add a column named "email" (or "Email Address") and choose the file again.';
  }
  if (preview.readWholeFile && preview.rows.length === 0) return 'This file has a header row but no leads under it.';
  return null;
}

/** Reads just enough of the file to show its header and first rows. */
export async function readCsvPreview(file: Blob): Promise<CsvPreview> {
  let fields: string[] = [];
  const rows: CsvRow[] = [];
  let bytesRead = 0;
  for await (const slice of readCsvRows(file)) {
    fields = slice.fields;
    bytesRead = slice.bytesRead;
    rows.push(...slice.rows.slice(0, CSV_PREVIEW_ROWS - rows.length));
    if (rows.length >= CSV_PREVIEW_ROWS || bytesRead >= PREVIEW_READ_LIMIT_BYTES) break;
  }
  return {
    fields,
    rows,
    hasEmailColumn: fields.some((field) => leadColumnFor(field) === 'email'),
    readWholeFile: bytesRead >= file.size,
  };
}
