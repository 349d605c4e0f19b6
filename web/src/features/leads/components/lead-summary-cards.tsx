import type { LucideIcon } from 'lucide-react';
import { Eye, MailWarning, UserCheck, Users, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useLeadCounts } from '../api/get-lead-counts';
import type { LeadStatusFilter } from '../lib/lead-display';

type SummaryCardProps = {
  label: string;
  value: ReactNode;
  /** What the figure counts, under it. */
  caption?: string;
  icon: LucideIcon;
  tone: string;
  selected?: boolean;
  onSelect?: () => void;
};

function SummaryCard({ label, value, caption, icon: Icon, tone, selected, onSelect }: SummaryCardProps) {
  const body = (
    <>
      <div className="min-w-0">
        <p className="font-medium text-muted-foreground text-sm">{label}</p>
        {value === null || value === undefined ? (
          <Skeleton className="mt-2 h-7 w-16" />
        ) : (
          <p className="mt-1 truncate font-bold text-2xl tabular-nums tracking-tight">{value}</p>
        )}
        {caption && <p className="mt-0.5 text-muted-foreground text-xs">{caption}</p>}
      </div>
      <div className={cn('hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
        <Icon className="size-5" aria-hidden="true" />
      </div>
    </>
  );
  const frame = 'flex items-center justify-between gap-3 rounded-xl border bg-card p-5 text-left shadow-sm';
  if (!onSelect) return <div className={frame}>{body}</div>;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={cn(
        frame,
        'outline-none transition-[box-shadow,border-color] hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/40',
        selected && 'border-primary ring-1 ring-primary',
      )}
    >
      {body}
    </button>
  );
}

const formatCount = (value: number) => value.toLocaleString('en-US');

/** What the Showing card counts: rows loaded (of the list, or of "Search all"'s matches) and what they are. */
export type ShowingFigure = { loaded: number; caption: string };

/**
 * Total, Active, Unsubscribed and Bounced set the status filter when clicked (the three add up to the total);
 * Showing counts the rows loaded so far out of all leads, and says what they are.
 */
export function LeadSummaryCards({
  showing,
  statusFilter,
  onStatusFilter,
}: {
  showing: ShowingFigure;
  statusFilter: LeadStatusFilter;
  onStatusFilter: (status: LeadStatusFilter) => void;
}) {
  const { data: counts, isError } = useLeadCounts();
  // A skeleton while the counts load, a dash if they cannot be loaded.
  const countOf = (value: number | undefined) => (value !== undefined ? formatCount(value) : isError ? '—' : null);
  return (
    <section aria-label="Lead summary" className="grid grid-cols-2 gap-4 lg:grid-cols-5">
      <SummaryCard
        label="Total Leads"
        value={countOf(counts?.total)}
        icon={Users}
        tone="bg-accent text-accent-foreground"
        selected={statusFilter === 'all'}
        onSelect={() => onStatusFilter('all')}
      />
      <SummaryCard
        label="Active"
        value={countOf(counts?.active)}
        icon={UserCheck}
        tone="bg-emerald-50 text-emerald-700"
        selected={statusFilter === 'active'}
        onSelect={() => onStatusFilter('active')}
      />
      <SummaryCard
        label="Unsubscribed"
        value={countOf(counts?.unsubscribed)}
        icon={UserX}
        tone="bg-red-50 text-red-700"
        selected={statusFilter === 'unsubscribed'}
        onSelect={() => onStatusFilter('unsubscribed')}
      />
      <SummaryCard
        label="Bounced"
        value={countOf(counts?.bounced)}
        icon={MailWarning}
        tone="bg-amber-50 text-amber-700"
        selected={statusFilter === 'bounced'}
        onSelect={() => onStatusFilter('bounced')}
      />
      <SummaryCard
        label="Showing"
        value={
          counts ? (
            <>
              {formatCount(showing.loaded)}
              <span className="font-medium text-base text-muted-foreground"> / {formatCount(counts.total)}</span>
            </>
          ) : (
            countOf(undefined)
          )
        }
        caption={counts ? showing.caption : undefined}
        icon={Eye}
        tone="bg-sky-50 text-sky-700"
      />
    </section>
  );
}
