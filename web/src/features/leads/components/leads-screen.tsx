import { LEADS_PAGE_SIZE } from '@contract/leads';
import { Download, Plus, Search, Upload } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useLeadCounts } from '../api/get-lead-counts';
import { useLeads } from '../api/get-leads';
import { type LeadSearch, useSearchAllLeads } from '../api/search-all-leads';
import { filterLeads, flagOf, type LeadStatusFilter, statusOf } from '../lib/lead-display';
import { AddLeadDialog } from './add-lead-dialog';
import { LeadDetailsDialog } from './lead-details-dialog';
import { LeadFinderDialog } from './lead-finder/lead-finder-dialog';
import { LeadSummaryCards, type ShowingFigure } from './lead-summary-cards';
import { LeadsFilters } from './leads-filters';
import { LeadsListCard } from './leads-list-card';
import { SearchAllBar } from './search-all-bar';
import { UploadCsvDialog } from './upload-csv-dialog';

const sameSearch = (a: LeadSearch, b: LeadSearch) =>
  a.search === b.search && a.status === b.status && a.flag === b.flag;

/**
 * The Leads Database screen (docs/product.md §2): summary, search and filter over the loaded rows, the list and its dialogs.
 * When not every lead is loaded and the loaded rows hold less than a page of matches, "Search all N leads" asks the
 * server for the same words and filter; changing them goes back to the loaded rows.
 */
export function LeadsScreen() {
  const [search, setSearch] = useState('');
  const [statusFilter, setStatusFilter] = useState<LeadStatusFilter>('all');
  const leadsQuery = useLeads(flagOf(statusFilter));
  const { data: counts } = useLeadCounts();
  const [searchAll, setSearchAll] = useState<LeadSearch | null>(null);
  const [addOpen, setAddOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [finderOpen, setFinderOpen] = useState(false);
  const [openLeadId, setOpenLeadId] = useState<number | null>(null);

  const loadedLeads = leadsQuery.data ?? [];
  // Typing stays responsive while thousands of loaded rows are filtered.
  const deferredSearch = useDeferredValue(search);
  const localMatches = useMemo(
    () => filterLeads(leadsQuery.data ?? [], deferredSearch, statusFilter),
    [leadsQuery.data, deferredSearch, statusFilter],
  );

  const current: LeadSearch = { search: search.trim(), status: statusOf(statusFilter), flag: flagOf(statusFilter) };
  const filtering = current.search !== '' || current.status !== undefined;
  const searchingAll = searchAll !== null && sameSearch(searchAll, current);
  const serverQuery = useSearchAllLeads(searchingAll ? searchAll : null);
  const canSearchAll = filtering && !searchingAll && leadsQuery.hasNextPage && localMatches.length < LEADS_PAGE_SIZE;

  const list = searchingAll
    ? {
        leads: serverQuery.data ?? [],
        loading: serverQuery.isPending,
        error: serverQuery.error,
        canLoadMore: serverQuery.hasNextPage,
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
        <LeadSummaryCards showing={showing} statusFilter={statusFilter} onStatusFilter={setStatusFilter} />
        <LeadsFilters search={search} onSearch={setSearch} status={statusFilter} onStatus={setStatusFilter} />
        {(canSearchAll || searchingAll) && (
          <SearchAllBar
            searchingAll={searchingAll}
            loadedCount={loadedLeads.length}
            total={counts?.total}
            onSearchAll={() => setSearchAll(current)}
            onBack={() => setSearchAll(null)}
          />
        )}
        <LeadsListCard
          {...list}
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
