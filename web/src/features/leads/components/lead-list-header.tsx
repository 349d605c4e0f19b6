import type { LeadSort } from '@contract/leads';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { columnOf, LEAD_COLUMNS, nextSort, SORT_LABELS, type SortColumn } from './lead-list-columns';

type LeadListHeaderProps = {
  sort: LeadSort;
  onSort: (sort: LeadSort) => void;
  /** How many of the rows shown are selected, of how many. */
  selectedShown: number;
  shown: number;
  onSelectAll: (selected: boolean) => void;
};

/** How a column sorts now, in words, for its button's name ("Name, sorted A to Z"). */
const sortedWords: Record<SortColumn, Record<'asc' | 'desc', string>> = {
  name: { asc: 'A to Z', desc: 'Z to A' },
  company: { asc: 'A to Z', desc: 'Z to A' },
  added: { asc: 'oldest first', desc: 'newest first' },
  'last-contact': { asc: 'earliest first', desc: 'latest first' },
  status: { asc: 'A to Z', desc: 'Z to A' },
};

/** A column's header: a button that sorts the list by it (the server sorts), saying which way it sorts now. */
function SortHeader(props: {
  label: string;
  column: SortColumn;
  sort: LeadSort;
  onSort: (sort: LeadSort) => void;
  className?: string;
}) {
  const { column, direction } = columnOf(props.sort);
  const active = column === props.column;
  const Icon = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <div className={cn('min-w-0', props.className)}>
      <button
        type="button"
        aria-label={active ? `${props.label}, sorted ${sortedWords[column][direction]}` : `Sort by ${props.label}`}
        onClick={() => props.onSort(nextSort(props.sort, props.column))}
        className={cn(
          'inline-flex items-center gap-1 rounded-sm font-medium text-xs uppercase tracking-wide outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40',
          active ? 'text-foreground' : 'text-muted-foreground',
        )}
      >
        {props.label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * Above the rows: a checkbox that selects every row shown, and the columns' headers, which sort the list; on a phone,
 * where the rows have no columns, a "Sort by" menu instead.
 */
export function LeadListHeader({ sort, onSort, selectedShown, shown, onSelectAll }: LeadListHeaderProps) {
  const selectAll = useRef<HTMLInputElement>(null);
  const all = shown > 0 && selectedShown === shown;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selectedShown > 0 && !all;
  }, [selectedShown, all]);
  return (
    <div className="flex items-center gap-3 border-t bg-muted/30 px-4 py-2 sm:gap-4 sm:px-6">
      <input
        ref={selectAll}
        type="checkbox"
        aria-label="Select all shown leads"
        checked={all}
        disabled={shown === 0}
        onChange={(event) => onSelectAll(event.target.checked)}
        className="size-4 shrink-0 cursor-pointer accent-primary"
      />
      <span className="hidden w-8 shrink-0 sm:block" />
      <span className="hidden size-9 shrink-0 md:block" />
      <div className="hidden min-w-0 flex-1 items-center gap-4 md:flex">
        <SortHeader label="Name" column="name" sort={sort} onSort={onSort} className="flex-1" />
        <SortHeader label="Company" column="company" sort={sort} onSort={onSort} className={LEAD_COLUMNS.company} />
        <SortHeader label="Added" column="added" sort={sort} onSort={onSort} className={LEAD_COLUMNS.added} />
        <SortHeader
          label="Last contact"
          column="last-contact"
          sort={sort}
          onSort={onSort}
          className={LEAD_COLUMNS.lastContact}
        />
      </div>
      <SortHeader
        label="Status"
        column="status"
        sort={sort}
        onSort={onSort}
        className={cn('hidden shrink-0 md:block', LEAD_COLUMNS.status)}
      />
      <span className="hidden size-9 shrink-0 md:block" />
      <div className="flex flex-1 items-center justify-end gap-2 md:hidden">
        <label htmlFor="lead-sort" className="text-muted-foreground text-sm">
          Sort by
        </label>
        <Select value={sort} onValueChange={(value) => onSort(value as LeadSort)}>
          <SelectTrigger id="lead-sort" className="h-9 w-auto">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
