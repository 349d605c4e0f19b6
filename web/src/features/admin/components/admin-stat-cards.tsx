import type { LucideIcon } from 'lucide-react';
import { Mail, Megaphone, MessageSquareReply, Users } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { type AdminTotals, formatRate } from '../lib/admin-totals';

type StatCardProps = { label: string; value: string | undefined; caption: string; icon: LucideIcon; tone: string };

function StatCard({ label, value, caption, icon: Icon, tone }: StatCardProps) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <div className="min-w-0">
        <p className="font-medium text-muted-foreground text-sm">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-2 h-7 w-14" />
        ) : (
          <p className="mt-1 font-bold text-2xl tabular-nums tracking-tight">{value}</p>
        )}
        <p className="mt-1 text-muted-foreground text-xs">{caption}</p>
      </div>
      <div className={cn('hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
        <Icon className="size-5" aria-hidden="true" />
      </div>
    </div>
  );
}

const count = (value: number) => value.toLocaleString('en-US');

/** SPEC §2: Total Users, Total Campaigns, Total Emails Sent (with total leads), Overall Response Rate. */
export function AdminStatCards({ totals }: { totals: AdminTotals | undefined }) {
  return (
    <section aria-label="Overall figures" className="grid grid-cols-2 gap-4 xl:grid-cols-4">
      <StatCard
        label="Total Users"
        value={totals && count(totals.totalUsers)}
        caption="Registered accounts"
        icon={Users}
        tone="bg-accent text-accent-foreground"
      />
      <StatCard
        label="Total Campaigns"
        value={totals && count(totals.totalCampaigns)}
        caption="Across all users"
        icon={Megaphone}
        tone="bg-violet-50 text-violet-700"
      />
      <StatCard
        label="Total Emails Sent"
        value={totals && count(totals.totalEmailsSent)}
        caption={totals ? `${count(totals.totalLeads)} total leads` : 'total leads'}
        icon={Mail}
        tone="bg-sky-50 text-sky-700"
      />
      <StatCard
        label="Overall Response Rate"
        value={totals && formatRate(totals.responseRate)}
        caption={
          totals ? `Open: ${formatRate(totals.openRate)} • Click: ${formatRate(totals.clickRate)}` : 'Open and Click'
        }
        icon={MessageSquareReply}
        tone="bg-emerald-50 text-emerald-700"
      />
    </section>
  );
}
