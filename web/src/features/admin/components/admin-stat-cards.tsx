import { Mail, Megaphone, MessageSquareReply, Users } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { type AdminTotals, formatRate } from '../lib/admin-totals';

const count = (value: number) => value.toLocaleString('en-US');

/** docs/product.md §2: Total Users, Total Campaigns, Total Emails Sent (with total leads), Overall Response Rate. */
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
