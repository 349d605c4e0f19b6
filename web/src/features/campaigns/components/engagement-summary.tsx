import { CalendarCheck } from 'lucide-react';
import { useDashboardStats } from '@/api/get-dashboard-stats';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * One line of the campaigns' opens and clicks, counted from people only, and how many machine hits (mail-privacy
 * proxies, link scanners) were left out of them; then the meetings booked (one per lead).
 */
export function EngagementSummary() {
  const stats = useDashboardStats();
  if (!stats.data || stats.data.emailsDelivered === 0) return null;
  const { emailsDelivered, emailsOpened, openRate, emailsClicked, clickRate, machineEventsLeftOut, meetingsBooked } =
    stats.data;
  return (
    <div className="grid gap-1 text-muted-foreground text-sm">
      <p>
        Of {count(emailsDelivered)} delivered: opened by {count(emailsOpened)} ({openRate.toFixed(1)}%), clicked by{' '}
        {count(emailsClicked)} ({clickRate.toFixed(1)}%).
        {machineEventsLeftOut > 0 &&
          ` Opens and clicks exclude ${count(machineEventsLeftOut)} machine event${machineEventsLeftOut === 1 ? '' : 's'} (mail privacy proxies and link scanners).`}
      </p>
      <p className="flex items-center gap-1.5">
        <CalendarCheck className="size-4" aria-hidden="true" />
        Meetings booked: <span className="font-medium text-foreground">{count(meetingsBooked)}</span>
      </p>
    </div>
  );
}
