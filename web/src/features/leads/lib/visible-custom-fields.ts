import { leadColumnFor } from '@contract/csv-leads';

// docs/product.md §3: bookkeeping keys the import may store; the lead's own columns are shown in the header card instead.
const HIDDEN_KEYS = new Set(['source', 'uploaddate', 'email']);

/**
 * The custom fields the "Additional Information" card lists: not the hidden keys, not a spelling of email, first
 * name, last name or company, and not empty.
 */
export function visibleCustomFields(customFields: Record<string, string>): [string, string][] {
  return Object.entries(customFields).filter(
    ([key, value]) => value.trim() !== '' && !HIDDEN_KEYS.has(key.trim().toLowerCase()) && leadColumnFor(key) === null,
  );
}
