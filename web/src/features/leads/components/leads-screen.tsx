import { Download, Plus, Search, Upload } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useLeads } from '../api/get-leads';
import { filterLeads, flagOf, type LeadStatusFilter } from '../lib/lead-display';
import { AddLeadDialog } from './add-lead-dialog';
import { LeadDetailsDialog } from './lead-details-dialog';
import { LeadFinderDialog } from './lead-finder/lead-finder-dialog';
import { LeadSummaryCards } from './lead-summary-cards';
import { LeadsFilters } from './leads-filters';
import { LeadsListCard } from './leads-list-card';
import { UploadCsvDialog } from './upload-csv-dialog';

/** The Leads Database screen (SPEC §2): summary, search and filter over the loaded rows, the list and its dialogs. */
export function LeadsScreen() {
  const [search, setSearch] = useState('');
  const [statusFilter, setStatusFilter] = useState<LeadStatusFilter>('all');
  const leadsQuery = useLeads(flagOf(statusFilter));
  const [addOpen, setAddOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [finderOpen, setFinderOpen] = useState(false);
  const [openLeadId, setOpenLeadId] = useState<number | null>(null);

  const loadedLeads = leadsQuery.data ?? [];
  // Typing stays responsive while thousands of loaded rows are filtered.
  const deferredSearch = useDeferredValue(search);
  const shownLeads = useMemo(
    () => filterLeads(leadsQuery.data ?? [], deferredSearch, statusFilter),
    [leadsQuery.data, deferredSearch, statusFilter],
  );

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
          loadedCount={loadedLeads.length}
          statusFilter={statusFilter}
          onStatusFilter={setStatusFilter}
        />
        <LeadsFilters search={search} onSearch={setSearch} status={statusFilter} onStatus={setStatusFilter} />
        <LeadsListCard
          leads={shownLeads}
          filtered={search.trim() !== '' || statusFilter !== 'all'}
          loading={leadsQuery.isPending}
          error={leadsQuery.error}
          canLoadMore={leadsQuery.hasNextPage}
          loadingMore={leadsQuery.isFetchingNextPage}
          onLoadMore={() => leadsQuery.fetchNextPage()}
          onRetry={() => leadsQuery.refetch()}
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
