import { CalendarCheck } from 'lucide-react';
import { useDashboardStats } from '@/api/get-dashboard-stats';
import { automaticEngagementNotCounted } from '@/lib/automatic-engagement';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * One line of the campaigns' opens and clicks, counted from people only, and how many automatic ones (email privacy
 * features, link checkers) were left out of them, worded as analytics words it; then the meetings booked (one per lead).
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
        {machineEventsLeftOut > 0 && ` ${automaticEngagementNotCounted(machineEventsLeftOut)}`}
      </p>
      <p className="flex items-center gap-1.5">
        <CalendarCheck className="size-4" aria-hidden="true" />
        Meetings booked: <span className="font-medium text-foreground">{count(meetingsBooked)}</span>
      </p>
    </div>
  );
}
