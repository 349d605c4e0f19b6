import type { LeadSort, LeadStatus, ListedLead } from '@contract/leads';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { LeadBulkBar } from './lead-bulk-bar';
import { LeadListHeader } from './lead-list-header';
import { LeadsEmptyState } from './leads-empty-state';
import { LEAD_ROW_HEIGHT, VirtualLeadRows } from './virtual-lead-rows';

type LeadsListCardProps = {
  leads: ListedLead[];
  filtered: boolean;
  loading: boolean;
  /** What the loading rows say (searching every lead says so). */
  loadingLabel?: string;
  sort: LeadSort;
  onSort: (sort: LeadSort) => void;
  selected: ReadonlyMap<number, LeadStatus>;
  onSelect: (selected: ReadonlyMap<number, LeadStatus>) => void;
  error: Error | null;
  canLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onOpenLead: (id: number) => void;
  onUpload: () => void;
};

function LoadingRows({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label}>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders, all alike and never reordered.
        <div key={i} className="flex items-center gap-4 border-b px-6" style={{ height: LEAD_ROW_HEIGHT }}>
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}

export function LeadsListCard(props: LeadsListCardProps) {
  const { leads, filtered, loading, error, canLoadMore, loadingMore, selected, onSelect } = props;
  const selectedShown = leads.reduce((count, lead) => count + (selected.has(lead.id) ? 1 : 0), 0);
  const toggle = (lead: ListedLead) => {
    const next = new Map(selected);
    if (!next.delete(lead.id)) next.set(lead.id, lead.status);
    onSelect(next);
  };
  const selectAll = (all: boolean) => {
    const next = new Map(selected);
    for (const lead of leads) {
      if (all) next.set(lead.id, lead.status);
      else next.delete(lead.id);
    }
    onSelect(next);
  };
  return (
    <Card className="gap-0 overflow-hidden pb-0">
      <CardHeader className="pb-4">
        <CardTitle className="text-lg">
          {loading ? 'Leads' : `Leads (${leads.length.toLocaleString('en-US')})`}
        </CardTitle>
      </CardHeader>
      {selected.size > 0 && <LeadBulkBar selected={selected} onClear={() => onSelect(new Map())} />}
      <LeadListHeader
        sort={props.sort}
        onSort={props.onSort}
        selectedShown={selectedShown}
        shown={loading ? 0 : leads.length}
        onSelectAll={selectAll}
      />
      {loading ? (
        <LoadingRows label={props.loadingLabel ?? 'Loading leads'} />
      ) : error && leads.length === 0 ? (
        <div className="flex flex-col items-center gap-3 border-t px-6 py-12 text-center">
          <p className="font-medium text-destructive">{error.message}</p>
          <Button variant="outline" onClick={props.onRetry}>
            Try again
          </Button>
        </div>
      ) : leads.length === 0 ? (
        <div className="border-t">
          <LeadsEmptyState filtered={filtered} onUpload={props.onUpload} />
        </div>
      ) : (
        <VirtualLeadRows leads={leads} selected={selected} onToggle={toggle} onOpenLead={props.onOpenLead} />
      )}
      {canLoadMore && !loading && (
        <div className="flex flex-col items-center gap-2 border-t bg-muted/30 px-6 py-4">
          {error && leads.length > 0 && <p className="text-destructive text-sm">{error.message}</p>}
          <Button variant="outline" onClick={props.onLoadMore} disabled={loadingMore}>
            {loadingMore && <Spinner className="size-4" />}
            {loadingMore ? 'Loading more leads...' : 'Load More Leads'}
          </Button>
        </div>
      )}
    </Card>
  );
}
