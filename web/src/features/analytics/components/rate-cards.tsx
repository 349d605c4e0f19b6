import type { AnalyticsRange } from '@contract/analytics';
import type { DashboardStats } from '@contract/campaigns';
import type { LucideIcon } from 'lucide-react';
import { MailCheck, MailOpen, MessageSquareReply, MousePointerClick, Target } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { automaticEngagementNotCounted } from '@/lib/automatic-engagement';
import { useRangeStats } from '../api/get-range-stats';

const count = (value: number) => value.toLocaleString('en-US');

type RateCard = {
  label: string;
  icon: LucideIcon;
  rate: (stats: DashboardStats) => number;
  caption: (stats: DashboardStats) => string;
};

/** docs/product.md §2's five cards; the counts under each rate say what it is a share of. */
const CARDS: RateCard[] = [
  {
    label: 'Mail Delivered',
    icon: MailCheck,
    rate: (stats) => stats.deliveryRate,
    caption: (stats) => `${count(stats.emailsDelivered)} of ${count(stats.totalEmailsSent)} emails`,
  },
  {
    label: 'Mail Opened',
    icon: MailOpen,
    rate: (stats) => stats.openRate,
    caption: (stats) => `${count(stats.emailsOpened)} opened`,
  },
  {
    label: 'Mail Clicked',
    icon: MousePointerClick,
    rate: (stats) => stats.clickRate,
    caption: (stats) => `${count(stats.emailsClicked)} clicked`,
  },
  {
    label: 'Mail Responded',
    icon: MessageSquareReply,
    rate: (stats) => stats.responseRate,
    caption: (stats) => `${count(stats.emailsResponded)} responded`,
  },
  {
    label: 'Conversion Rate',
    icon: Target,
    rate: (stats) => stats.conversionRate,
    caption: () => 'Based on responses',
  },
];

/** The five rate cards for the range, then how many automatic opens and clicks they leave out. */
export function RateCards({ range }: { range: AnalyticsRange }) {
  const { data: stats } = useRangeStats(range);
  return (
    <section aria-label="Email rates" className="grid gap-3">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        {CARDS.map(({ label, icon: Icon, rate, caption }) => (
          <section key={label} aria-label={label} className="rounded-xl border bg-card p-5 shadow-sm">
            <div className="flex items-center justify-between gap-2">
              <p className="font-medium text-muted-foreground text-sm">{label}</p>
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
            </div>
            {stats ? (
              <>
                <p className="mt-1 font-bold text-2xl tabular-nums tracking-tight">{rate(stats).toFixed(1)}%</p>
                <p className="mt-1 text-muted-foreground text-xs">{caption(stats)}</p>
              </>
            ) : (
              <Skeleton className="mt-2 h-11 w-20" />
            )}
          </section>
        ))}
      </div>
      {stats && stats.machineEventsLeftOut > 0 && (
        <p className="text-muted-foreground text-sm">
          {`${automaticEngagementNotCounted(stats.machineEventsLeftOut)} The rates count people only.`}
        </p>
      )}
    </section>
  );
}
