import { useDashboardStats } from '../api/get-dashboard-stats';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * One line of the campaigns' opens and clicks, counted from people only, and how many machine hits (mail-privacy
 * proxies, link scanners) were left out of them.
 */
export function EngagementSummary() {
  const stats = useDashboardStats();
  if (!stats.data || stats.data.emailsDelivered === 0) return null;
  const { emailsDelivered, emailsOpened, openRate, emailsClicked, clickRate, machineEventsLeftOut } = stats.data;
  return (
    <p className="text-muted-foreground text-sm">
      Of {count(emailsDelivered)} delivered: opened by {count(emailsOpened)} ({openRate.toFixed(1)}%), clicked by{' '}
      {count(emailsClicked)} ({clickRate.toFixed(1)}%).
      {machineEventsLeftOut > 0 &&
        ` Opens and clicks exclude ${count(machineEventsLeftOut)} machine event${machineEventsLeftOut === 1 ? '' : 's'} (mail privacy proxies and link scanners).`}
    </p>
  );
}
