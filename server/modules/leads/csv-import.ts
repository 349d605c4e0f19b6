import { type MappedCsvRow, mapCsvRow } from '../../../contract/csv-leads';
import { isValidEmail } from '../../../contract/email';
import {
  type CsvRowError,
  MAX_CUSTOM_FIELDS,
  MAX_CUSTOM_VALUE_LENGTH,
  MAX_LEAD_NAME_LENGTH as MAX_NAME_LENGTH,
} from '../../../contract/leads';

export type CheckedChunk = { valid: MappedCsvRow[]; errors: CsvRowError[] };

/**
 * Applies docs/product.md §5's CSV rules to one uploaded chunk: all-empty rows are dropped, rows without a valid email or with
 * malformed or oversized values become errors that name their file line. Nothing here throws on bad input.
 */
export function checkCsvChunk(rows: unknown[], firstRowNumber: number): CheckedChunk {
  const valid: MappedCsvRow[] = [];
  const errors: CsvRowError[] = [];
  rows.forEach((raw, index) => {
    const row = firstRowNumber + index;
    if (!isPlainRow(raw)) {
      errors.push({ row, email: '', reason: 'Malformed row: expected column values as text' });
      return;
    }
    const mapped = mapCsvRow(raw);
    if (!mapped) return;
    const problem = rowProblem(mapped);
    if (problem) errors.push({ row, email: mapped.email.slice(0, 254), reason: problem });
    else valid.push(mapped);
  });
  return { valid, errors };
}

function isPlainRow(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((cell) => cell === null || ['string', 'number', 'boolean'].includes(typeof cell));
}

function rowProblem(row: MappedCsvRow): string | null {
  if (!row.email) return 'Missing email';
  if (!isValidEmail(row.email)) return 'Invalid email address';
  for (const [label, value] of [
    ['first name', row.firstName],
    ['last name', row.lastName],
    ['company', row.company],
  ] as const) {
    if (value.length > MAX_NAME_LENGTH) return `The ${label} is longer than ${MAX_NAME_LENGTH} characters`;
  }
  const custom = Object.entries(row.customFields);
  if (custom.length > MAX_CUSTOM_FIELDS) return `More than ${MAX_CUSTOM_FIELDS} columns`;
  const long = custom.find(([, value]) => value.length > MAX_CUSTOM_VALUE_LENGTH);
  if (long) return `The value in column "${long[0].slice(0, 50)}" is longer than ${MAX_CUSTOM_VALUE_LENGTH} characters`;
  return null;
}
