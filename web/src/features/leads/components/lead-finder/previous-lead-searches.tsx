import type { LeadSearchListItem } from '@contract/lead-finder';
import { formatDayTime } from '@/lib/format-date';
import { useLeadSearches } from '../../api/get-lead-searches';
import { type DistanceUnit, formatRadius } from '../../lib/distance-unit';

const statusLabels: Record<LeadSearchListItem['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

/** The user's earlier searches: opening a finished one shows its results again, to import later. */
export function PreviousLeadSearches({ unit, onOpen }: { unit: DistanceUnit; onOpen: (id: number) => void }) {
  const searches = useLeadSearches();
  if (!searches.data || searches.data.length === 0) return null;
  return (
    <section className="grid gap-2" aria-labelledby="previous-lead-searches">
      <h3 id="previous-lead-searches" className="font-medium text-sm">
        Previous searches
      </h3>
      <ul className="grid max-h-48 gap-1 overflow-y-auto">
        {searches.data.map((search) => (
          <li key={search.id}>
            <button
              type="button"
              className="flex w-full items-center justify-between gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted"
              onClick={() => onOpen(search.id)}
            >
              <span className="truncate">
                {search.query} near {search.location} ({formatRadius(search.radiusKm, unit)})
              </span>
              <span className="shrink-0 text-muted-foreground text-xs">
                {statusLabels[search.status]} · {search.progress.businessesFound} found ·{' '}
                {formatDayTime(search.createdAt)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
