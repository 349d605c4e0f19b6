import type { CsvUploadResult } from '@contract/leads';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorToastMessage } from '@/lib/api';
import { useLeadSearch } from '../../api/get-lead-search';
import { useStartLeadSearch } from '../../api/start-lead-search';
import { browserDistanceUnit } from '../../lib/distance-unit';
import { CsvUploadResultCard } from '../csv-upload-result-card';
import { LeadSearchForm } from './lead-search-form';
import { LeadSearchView } from './lead-search-view';
import { PreviousLeadSearches } from './previous-lead-searches';

/** Find Leads: search local businesses, watch the search run, import the chosen ones as leads. */
export function LeadFinderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [unit] = useState(browserDistanceUnit);
  const start = useStartLeadSearch();
  const [searchId, setSearchId] = useState<number | null>(null);
  const [imported, setImported] = useState<CsvUploadResult | null>(null);
  const search = useLeadSearch(searchId);
  const close = () => {
    setSearchId(null);
    setImported(null);
    start.reset();
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Find Leads</DialogTitle>
          <DialogDescription>
            Find local businesses and their public contact emails, scored against your profile.
          </DialogDescription>
        </DialogHeader>

        {imported ? (
          <>
            <CsvUploadResultCard
              outcome={{ status: 'complete', totals: { ...imported, rowsRead: 0, bytesRead: 0, totalBytes: 0 } }}
            />
            <DialogFooter>
              <Button onClick={close}>Done</Button>
            </DialogFooter>
          </>
        ) : searchId === null ? (
          <div className="grid gap-5">
            <LeadSearchForm
              unit={unit}
              pending={start.isPending}
              onSearch={(request) => start.mutate(request, { onSuccess: (created) => setSearchId(created.id) })}
            />
            {start.error && (
              <p role="alert" className="text-destructive text-sm">
                {errorToastMessage(start.error, 'The search could not be started. Please try again.')}
              </p>
            )}
            <PreviousLeadSearches unit={unit} onOpen={setSearchId} />
          </div>
        ) : (
          <div className="grid gap-4">
            <div>
              <Button variant="ghost" size="sm" onClick={() => setSearchId(null)}>
                <ArrowLeft />
                New search
              </Button>
            </div>
            {search.data ? (
              <LeadSearchView key={searchId} search={search.data} unit={unit} onImported={setImported} />
            ) : search.error ? (
              <p role="alert" className="text-destructive text-sm">
                {errorToastMessage(search.error, 'The search could not be loaded.')}
              </p>
            ) : (
              <p className="text-muted-foreground text-sm">Loading the search...</p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
