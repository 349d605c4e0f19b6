import type { EmailAccount } from '@contract/accounts';
import type { LucideIcon } from 'lucide-react';
import { CalendarRange, CircleCheck, Mail, Send } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useAccountStats } from '../api/get-account-stats';

type StatCardProps = { label: string; value: number | undefined; caption: string; icon: LucideIcon; tone: string };

function StatCard({ label, value, caption, icon: Icon, tone }: StatCardProps) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <div className="min-w-0">
        <p className="font-medium text-muted-foreground text-sm">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-2 h-7 w-14" />
        ) : (
          <p className="mt-1 font-bold text-2xl tabular-nums tracking-tight">{value.toLocaleString('en-US')}</p>
        )}
        <p className="mt-1 text-muted-foreground text-xs">{caption}</p>
      </div>
      <div className={cn('hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
        <Icon className="size-5" aria-hidden="true" />
      </div>
    </div>
  );
}

/** SPEC §2: Connected Accounts, Today's Sent, Weekly Volume and Active Status. */
export function AccountStatCards({ accounts }: { accounts: EmailAccount[] | undefined }) {
  const { data: stats } = useAccountStats();
  const dailyCapacity = accounts?.reduce((sum, account) => sum + account.dailyLimit, 0);
  return (
    <section aria-label="Account stats" className="grid grid-cols-2 gap-4 xl:grid-cols-4">
      <StatCard
        label="Connected Accounts"
        value={accounts?.length}
        caption={
          dailyCapacity === undefined
            ? 'daily sending capacity'
            : `${dailyCapacity.toLocaleString('en-US')} emails per day in all`
        }
        icon={Mail}
        tone="bg-accent text-accent-foreground"
      />
      <StatCard
        label="Today's Sent"
        value={stats?.emailsSentToday}
        caption="emails since midnight"
        icon={Send}
        tone="bg-sky-50 text-sky-700"
      />
      <StatCard
        label="Weekly Volume"
        value={stats?.emailsSentThisWeek}
        caption="emails this week"
        icon={CalendarRange}
        tone="bg-violet-50 text-violet-700"
      />
      <StatCard
        label="Active Status"
        value={accounts?.filter((account) => account.status === 'active').length}
        caption="accounts online"
        icon={CircleCheck}
        tone="bg-emerald-50 text-emerald-700"
      />
    </section>
  );
}
