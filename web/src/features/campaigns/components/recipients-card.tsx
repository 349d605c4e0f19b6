import type { LeadWithSentWeeks } from '@contract/leads';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { OptionSelect } from '@/components/option-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';

const ROW_HEIGHT = 52;
const WEEKS = Array.from({ length: 52 }, (_, index) => index + 1);

/** docs/product.md §9's sent-weeks filter values, with what each means. */
const filterOptions = [
  { value: 'all', label: 'All leads' },
  { value: 'none', label: 'Never sent' },
  ...WEEKS.map((week) => ({ value: `sent-${week}`, label: `Sent week ${week}` })),
  ...WEEKS.map((week) => ({ value: `not-${week}`, label: `Not sent week ${week}` })),
];

const leadName = (lead: LeadWithSentWeeks) => [lead.firstName, lead.lastName].filter(Boolean).join(' ') || '—';

/** docs/product.md §2 Select Recipients: the sent-weeks filter, quick select and the lead table (virtualised). */
export function RecipientsCard({
  leads,
  loading,
  hasMore,
  loadingMore,
  onLoadMore,
  filter,
  onFilter,
  selected,
  onToggle,
  onQuickSelect,
  onSelectAllMatching,
  onClear,
  busy,
}: {
  leads: LeadWithSentWeeks[];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  filter: string;
  onFilter: (filter: string) => void;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onQuickSelect: (count: number) => void;
  onSelectAllMatching: () => void;
  onClear: () => void;
  busy: boolean;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => leads[index].id,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  // The next page loads as the list scrolls near its end.
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= leads.length - 20) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, leads.length, onLoadMore]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Select Recipients</CardTitle>
        <CardDescription>
          {selected.size.toLocaleString('en-US')} selected. Leads mailed this week are skipped when the campaign starts.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-2">
            <Label htmlFor="recipients-filter">Sent weeks</Label>
            <OptionSelect
              id="recipients-filter"
              value={filter}
              onValueChange={onFilter}
              options={filterOptions}
              className="w-52"
            />
          </div>
          <Button variant="outline" onClick={() => onQuickSelect(20)} disabled={busy || leads.length === 0}>
            Next 20
          </Button>
          <Button variant="outline" onClick={() => onQuickSelect(100)} disabled={busy || leads.length === 0}>
            Next 100
          </Button>
          <Button variant="outline" onClick={onSelectAllMatching} disabled={busy || leads.length === 0}>
            {busy && <Spinner className="size-4" />}
            Select all matching
          </Button>
          <Button variant="ghost" onClick={onClear} disabled={selected.size === 0}>
            Clear selection
          </Button>
        </div>
        {loading ? (
          <Skeleton className="h-40 w-full" />
        ) : leads.length === 0 && filter === 'all' ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground text-sm">
            No leads yet.{' '}
            <Link href="/leads" className="font-medium text-primary underline-offset-4 hover:underline">
              Import leads
            </Link>{' '}
            to choose whom to write to.
          </p>
        ) : leads.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground text-sm">
            No active leads match this filter.
          </p>
        ) : (
          <div ref={scrollRef} className="max-h-[420px] overflow-auto rounded-lg border">
            <ul
              aria-label="Recipients"
              className="relative m-0 list-none p-0"
              style={{ height: virtualizer.getTotalSize() }}
            >
              {items.map((item) => {
                const lead = leads[item.index];
                const checkboxId = `recipient-${lead.id}`;
                return (
                  <li
                    key={item.key}
                    aria-setsize={leads.length}
                    aria-posinset={item.index + 1}
                    className="absolute inset-x-0 top-0 flex items-center gap-3 border-b px-3 text-sm"
                    style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                  >
                    <input
                      id={checkboxId}
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={selected.has(lead.id)}
                      onChange={() => onToggle(lead.id)}
                    />
                    <label htmlFor={checkboxId} className="grid min-w-0 flex-1 cursor-pointer sm:grid-cols-3 sm:gap-3">
                      <span className="truncate font-medium">{leadName(lead)}</span>
                      <span className="truncate text-muted-foreground">{lead.email}</span>
                      <span className="hidden truncate text-muted-foreground sm:block">{lead.company ?? ''}</span>
                    </label>
                    <span className="flex shrink-0 gap-1">
                      {lead.sentWeeks.map((week) => (
                        <Badge key={week} variant="secondary">
                          W{week}
                        </Badge>
                      ))}
                    </span>
                  </li>
                );
              })}
            </ul>
            {loadingMore && (
              <p className="flex justify-center p-3 text-muted-foreground text-sm">
                <Spinner className="size-4" />
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
