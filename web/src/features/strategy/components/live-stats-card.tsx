import { BarChart3 } from 'lucide-react';
import { useDashboardStats } from '@/api/get-dashboard-stats';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** docs/product.md §2: how the campaigns do so far, beside the strategy; shown only once something was sent. */
export function LiveStatsCard() {
  const stats = useDashboardStats();
  if (!stats.data || stats.data.totalEmailsSent <= 0) return null;
  const figures = stats.data;
  const rows = [
    { label: 'Sent', value: figures.totalEmailsSent, rate: null },
    { label: 'Delivered', value: figures.emailsDelivered, rate: figures.deliveryRate },
    { label: 'Opened', value: figures.emailsOpened, rate: figures.openRate },
    { label: 'Clicked', value: figures.emailsClicked, rate: figures.clickRate },
    { label: 'Responses', value: figures.emailsResponded, rate: figures.responseRate },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BarChart3 className="size-4 text-primary" aria-hidden="true" />
          Live Email Campaign Statistics
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl aria-label="Live Email Campaign Statistics" className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          {rows.map((row) => (
            <div key={row.label} className="grid gap-1 rounded-lg bg-muted/60 p-3">
              <dt className="text-muted-foreground text-xs">{row.label}</dt>
              <dd className="font-semibold text-xl tabular-nums">
                {row.value.toLocaleString('en-US')}
                {row.rate !== null && (
                  <span className="ml-1.5 font-normal text-muted-foreground text-xs">{row.rate.toFixed(1)}%</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
