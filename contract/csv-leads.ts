/**
 * How a CSV row (keyed by its header) becomes a lead. Shared by the browser (preview) and the server (import), so
 * both read a file the same way. Header matching is forgiving: "Email", "E-mail", "email address", "First Name",
 * "first_name", "firstName", "Company Name"… Every other non-empty column is kept in customFields.
 */
import { MAX_CUSTOM_FIELD_NAME_LENGTH } from './leads';

export type MappedCsvRow = {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  customFields: Record<string, string>;
};

type LeadColumn = 'email' | 'firstName' | 'lastName' | 'company';

// Keys are headers with case, spaces, dashes, underscores and dots removed.
const HEADER_ALIASES: Record<string, LeadColumn> = {
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  emailid: 'email',
  firstname: 'firstName',
  first: 'firstName',
  givenname: 'firstName',
  forename: 'firstName',
  fname: 'firstName',
  lastname: 'lastName',
  last: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  lname: 'lastName',
  company: 'company',
  companyname: 'company',
  organization: 'company',
  organisation: 'company',
  business: 'company',
  businessname: 'company',
};

export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '');
}

/** Which lead column a header fills, or null when it is a custom field. */
export function leadColumnFor(header: string): LeadColumn | null {
  return HEADER_ALIASES[normalizeHeader(header)] ?? null;
}

/** Values are trimmed and stripped of surrounding quotes (docs/product.md §5); a quote at one end only is content. */
export function cleanCsvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  // NUL and lone surrogates cannot be stored in PostgreSQL text or jsonb; they are never meaningful in a CSV.
  let text = String(value).toWellFormed().replaceAll('\u0000', '').trim();
  while (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1).trim();
  return text;
}

/** Maps one row keyed by header; null when every value is empty (docs/product.md §5: such rows are dropped). */
export function mapCsvRow(row: Record<string, unknown>): MappedCsvRow | null {
  const mapped: MappedCsvRow = { email: '', firstName: '', lastName: '', company: '', customFields: {} };
  let empty = true;
  for (const [fullHeader, raw] of Object.entries(row)) {
    const value = cleanCsvValue(raw);
    if (!value) continue;
    empty = false;
    // A custom field's name is at most this long, as when it is edited; no alias is. A header of 100,000
    // characters was read again for every row (8 s for 4,000 rows) and stored as a name the API refuses.
    const header = fullHeader.slice(0, MAX_CUSTOM_FIELD_NAME_LENGTH);
    const column = leadColumnFor(header);
    if (column && !mapped[column]) mapped[column] = value;
    else if (!column) mapped.customFields[cleanCsvValue(header) || header] = value;
  }
  return empty ? null : mapped;
}
