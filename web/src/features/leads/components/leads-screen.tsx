import { DEFAULT_LEAD_SORT, type LeadSort, type LeadStatus } from '@contract/leads';
import { Download, Plus, Search, Upload } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useLeadCounts } from '../api/get-lead-counts';
import { useLeads } from '../api/get-leads';
import { type LeadSearch, useSearchAllLeads } from '../api/search-all-leads';
import { filterLeads, flagOf, type LeadStatusFilter, statusOf } from '../lib/lead-display';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { AddLeadDialog } from './add-lead-dialog';
import { LeadDetailsDialog } from './lead-details-dialog';
import { LeadFinderDialog } from './lead-finder/lead-finder-dialog';
import { LeadSummaryCards, type ShowingFigure } from './lead-summary-cards';
import { LeadsFilters } from './leads-filters';
import { LeadsListCard } from './leads-list-card';
import { SearchAllBar } from './search-all-bar';
import { UploadCsvDialog } from './upload-csv-dialog';

/** How long typing pauses before the words are looked for among every lead on the server. */
const SEARCH_ALL_PAUSE_MS = 300;

/**
 * The Leads Database screen (docs/product.md §2): summary, search and filter, the list (sorted by the server) with
 * its selection and bulk actions, and its dialogs. When every lead is loaded, search and filter narrow the loaded
 * rows at once; when not, they look through every lead on the server by themselves after a short pause in typing
 * (the loaded rows alone said "No leads match" of a lead not yet loaded).
 */
export function LeadsScreen() {
  const [search, setSearch] = useState('');
  const [statusFilter, setStatusFilter] = useState<LeadStatusFilter>('all');
  const [sort, setSort] = useState<LeadSort>(DEFAULT_LEAD_SORT);
  const [selected, setSelected] = useState<ReadonlyMap<number, LeadStatus>>(new Map());
  const leadsQuery = useLeads(flagOf(statusFilter), sort);
  const { data: counts } = useLeadCounts();
  const [addOpen, setAddOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [finderOpen, setFinderOpen] = useState(false);
  const [openLeadId, setOpenLeadId] = useState<number | null>(null);
  // A selection is of the rows in view: another search, filter or order starts a new one.
  const clearingSelection =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSelected(new Map());
    };

  const loadedLeads = leadsQuery.data ?? [];
  // Typing stays responsive while thousands of loaded rows are filtered.
  const deferredSearch = useDeferredValue(search);
  const localMatches = useMemo(
    () => filterLeads(leadsQuery.data ?? [], deferredSearch, statusFilter),
    [leadsQuery.data, deferredSearch, statusFilter],
  );

  const current: LeadSearch = {
    search: search.trim(),
    status: statusOf(statusFilter),
    flag: flagOf(statusFilter),
    sort,
  };
  const currentKey = JSON.stringify(current);
  const settledKey = useDebouncedValue(currentKey, SEARCH_ALL_PAUSE_MS);
  const filtering = current.search !== '' || current.status !== undefined;
  const searchingAll = filtering && leadsQuery.hasNextPage;
  const typing = settledKey !== currentKey;
  const serverQuery = useSearchAllLeads(searchingAll && !typing ? current : null);

  const list = searchingAll
    ? {
        leads: typing ? [] : (serverQuery.data ?? []),
        loading: typing || serverQuery.isPending,
        loadingLabel: 'Searching all leads...',
        error: serverQuery.error,
        canLoadMore: !typing && serverQuery.hasNextPage,
        loadingMore: serverQuery.isFetchingNextPage,
        onLoadMore: () => serverQuery.fetchNextPage(),
        onRetry: () => serverQuery.refetch(),
      }
    : {
        leads: localMatches,
        loading: leadsQuery.isPending,
        error: leadsQuery.error,
        canLoadMore: leadsQuery.hasNextPage,
        loadingMore: leadsQuery.isFetchingNextPage,
        onLoadMore: () => leadsQuery.fetchNextPage(),
        onRetry: () => leadsQuery.refetch(),
      };
  const showing: ShowingFigure = searchingAll
    ? { loaded: list.leads.length, caption: 'matches loaded, from all leads' }
    : {
        loaded: loadedLeads.length,
        caption: filtering
          ? `leads loaded; ${localMatches.length.toLocaleString('en-US')} of them match`
          : 'leads loaded',
      };

  return (
    <div>
      <PageHeader
        title="Leads Database"
        description="Manage your email contacts and subscribers"
        actions={
          <>
            <Button variant="outline" asChild>
              {/* A plain download: the browser sends the session cookie and saves the server's attachment. */}
              <a href="/api/leads/export" download>
                <Download />
                Download CSV
              </a>
            </Button>
            <Button variant="outline" onClick={() => setFinderOpen(true)}>
              <Search />
              Find Leads
            </Button>
            <Button variant="outline" onClick={() => setUploadOpen(true)}>
              <Upload />
              Upload CSV
            </Button>
            <Button onClick={() => setAddOpen(true)}>
              <Plus />
              Add Lead
            </Button>
          </>
        }
      />

      <div className="grid gap-6">
        <LeadSummaryCards
          showing={showing}
          statusFilter={statusFilter}
          onStatusFilter={clearingSelection(setStatusFilter)}
        />
        <LeadsFilters
          search={search}
          onSearch={clearingSelection(setSearch)}
          status={statusFilter}
          onStatus={clearingSelection(setStatusFilter)}
        />
        {searchingAll && <SearchAllBar searching={list.loading} total={counts?.total} />}
        <LeadsListCard
          {...list}
          sort={sort}
          onSort={clearingSelection(setSort)}
          selected={selected}
          onSelect={setSelected}
          filtered={filtering || statusFilter !== 'all'}
          onOpenLead={setOpenLeadId}
          onUpload={() => setUploadOpen(true)}
        />
      </div>

      <AddLeadDialog open={addOpen} onOpenChange={setAddOpen} />
      <UploadCsvDialog open={uploadOpen} onOpenChange={setUploadOpen} />
      <LeadFinderDialog open={finderOpen} onOpenChange={setFinderOpen} />
      <LeadDetailsDialog leadId={openLeadId} onClose={() => setOpenLeadId(null)} />
    </div>
  );
}
