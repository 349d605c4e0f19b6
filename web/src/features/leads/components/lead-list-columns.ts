import type { LeadSort } from '@contract/leads';

/** The widths of the list's columns from md up, shared by the header and the rows so they line up. */
export const LEAD_COLUMNS = {
  company: 'md:w-40 md:shrink-0',
  added: 'md:w-28 md:shrink-0',
  lastContact: 'md:w-28 md:shrink-0',
  status: 'w-24',
} as const;

/** A sortable column and the direction a first click on it sorts (names A to Z, dates newest first). */
export type SortColumn = 'name' | 'company' | 'added' | 'last-contact' | 'status';

const firstDirection: Record<SortColumn, 'asc' | 'desc'> = {
  name: 'asc',
  company: 'asc',
  added: 'desc',
  'last-contact': 'desc',
  status: 'asc',
};

export function columnOf(sort: LeadSort): { column: SortColumn; direction: 'asc' | 'desc' } {
  const direction = sort.endsWith('-asc') ? 'asc' : 'desc';
  return { column: sort.slice(0, sort.lastIndexOf('-')) as SortColumn, direction };
}

/** The order after a click on a column's header: its first direction, or the other one when it already sorts. */
export function nextSort(current: LeadSort, column: SortColumn): LeadSort {
  const now = columnOf(current);
  const direction = now.column === column ? (now.direction === 'asc' ? 'desc' : 'asc') : firstDirection[column];
  return `${column}-${direction}` as LeadSort;
}

/** Every order in words, for the phone's "Sort by" menu. */
export const SORT_LABELS: Record<LeadSort, string> = {
  'added-desc': 'Newest first',
  'added-asc': 'Oldest first',
  'name-asc': 'Name A–Z',
  'name-desc': 'Name Z–A',
  'company-asc': 'Company A–Z',
  'company-desc': 'Company Z–A',
  'status-asc': 'Status A–Z',
  'status-desc': 'Status Z–A',
  'last-contact-desc': 'Last contact, latest first',
  'last-contact-asc': 'Last contact, earliest first',
};
