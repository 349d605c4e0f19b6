import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export type StatCardProps = {
  label: string;
  /** A count (shown with thousands separators) or a figure already written out; undefined while loading. */
  value: number | string | undefined;
  caption: string;
  icon: LucideIcon;
  /** The icon tile's colours. */
  tone: string;
};

/** One figure of a screen's row of stat cards: label, value (a placeholder while it loads), caption and icon. */
export function StatCard({ label, value, caption, icon: Icon, tone }: StatCardProps) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <div className="min-w-0">
        <p className="font-medium text-muted-foreground text-sm">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-2 h-7 w-14" />
        ) : (
          <p className="mt-1 font-bold text-2xl tabular-nums tracking-tight">
            {typeof value === 'number' ? value.toLocaleString('en-US') : value}
          </p>
        )}
        <p className="mt-1 text-muted-foreground text-xs">{caption}</p>
      </div>
      <div className={cn('hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
        <Icon className="size-5" aria-hidden="true" />
      </div>
    </div>
  );
}
