import type { LeadSearch } from '@contract/lead-finder';
import { Progress } from '@/components/ui/progress';

/** A running search: businesses found, then the websites read for an email, as a bar and in words. */
export function LeadSearchProgress({ search }: { search: LeadSearch }) {
  const { businessesFound, websitesChecked, websitesTotal, emailsFound } = search.progress;
  // Finding the businesses is the first tenth; reading their websites the rest.
  const percent =
    search.status === 'queued' ? 2 : websitesTotal === 0 ? 10 : 10 + Math.round((90 * websitesChecked) / websitesTotal);
  const label =
    search.status === 'queued'
      ? 'Starting the search...'
      : businessesFound === 0
        ? 'Looking for businesses...'
        : `Checking websites: ${websitesChecked} of ${websitesTotal}`;
  return (
    <div className="grid gap-2" aria-live="polite">
      <Progress value={percent} aria-label="Search progress" />
      <p className="text-muted-foreground text-sm">
        {label} · {businessesFound} businesses found · {emailsFound} emails found
      </p>
    </div>
  );
}
