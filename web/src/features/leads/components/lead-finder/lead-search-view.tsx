import { isLeadSearchRunning, type LeadSearch } from '@contract/lead-finder';
import type { CsvUploadResult } from '@contract/leads';
import { CircleAlert, Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorToastMessage } from '@/lib/api';
import { useImportLeadSearchResults } from '../../api/import-lead-search-results';
import { type DistanceUnit, formatRadius } from '../../lib/distance-unit';
import { LeadSearchProgress } from './lead-search-progress';
import { isImportable, LeadSearchResults } from './lead-search-results';

function Notice({ tone, children }: { tone: 'error' | 'warning'; children: React.ReactNode }) {
  return (
    <div
      role="alert"
      className={
        tone === 'error'
          ? 'flex gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm'
          : 'flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 text-sm'
      }
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}

/** One search: its progress while it runs, then its results to pick from and import. */
export function LeadSearchView({
  search,
  unit,
  onImported,
}: {
  search: LeadSearch;
  unit: DistanceUnit;
  onImported: (result: CsvUploadResult) => void;
}) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const importResults = useImportLeadSearchResults(search.id);
  const withEmail = search.results.filter(isImportable);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        {search.query} near {search.location}, within {formatRadius(search.radiusKm, unit)}
      </p>
      {search.sourceErrors.map((error) => (
        <Notice key={error.source} tone="warning">
          A source was not reachable, so results may be incomplete: {error.message}
        </Notice>
      ))}
      {isLeadSearchRunning(search.status) && <LeadSearchProgress search={search} />}
      {search.status === 'failed' && <Notice tone="error">{search.errorMessage ?? 'The search failed.'}</Notice>}
      {search.status === 'completed' && search.results.length === 0 && (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
          No businesses found. Try another kind of business, a nearby town or a larger radius.
        </p>
      )}
      {search.status === 'completed' && search.results.length > 0 && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm">
              {search.results.length} businesses found, {search.progress.emailsFound} with an email
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={withEmail.length === 0}
              onClick={() => setSelected(new Set(withEmail.map((result) => result.id)))}
            >
              Select all with email
            </Button>
          </div>
          <LeadSearchResults results={search.results} selected={selected} onToggle={toggle} />
          {importResults.error && (
            <Notice tone="error">
              {errorToastMessage(importResults.error, 'The import failed. Please try again.')}
            </Notice>
          )}
          <div className="flex justify-end">
            <Button
              disabled={selected.size === 0 || importResults.isPending}
              onClick={() =>
                importResults.mutate([...selected], {
                  onSuccess: (result) => {
                    setSelected(new Set());
                    onImported(result);
                  },
                })
              }
            >
              <Upload />
              {importResults.isPending ? 'Importing...' : `Import selected (${selected.size})`}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
