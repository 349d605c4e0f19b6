import type { EmailAccount } from '@contract/accounts';
import { CalendarRange, CircleCheck, Mail, Send } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { useAccountStats } from '../api/get-account-stats';

/** docs/product.md §2: Connected Accounts, Today's Sent, Weekly Volume and Active Status. */
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
