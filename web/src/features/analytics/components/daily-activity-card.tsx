import type { AnalyticsRange } from '@contract/analytics';
import { LineChart as LineChartIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDay } from '@/lib/format-date';
import { useDailyFigures } from '../api/get-daily-figures';

const DailyChart = lazy(() => import('./daily-chart'));

const chartSkeleton = <Skeleton className="h-[280px] w-full" />;

/** Beyond the product rules: sent, delivered, opened, clicked and replied per day of the range, in the user's timezone. */
export function DailyActivityCard({ range }: { range: AnalyticsRange }) {
  const { data: days, isError } = useDailyFigures(range);
  const empty = days?.every((day) => day.sent === 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Daily Activity</CardTitle>
        <CardDescription>
          Campaign emails by the day they were sent, in your timezone; opens and clicks by people only.
        </CardDescription>
        {days?.length ? (
          <p className="font-medium text-sm">
            {formatDay(days[0].date)} – {formatDay(days[days.length - 1].date)}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {isError ? (
          <p className="py-8 text-center text-muted-foreground text-sm">The daily figures could not be loaded.</p>
        ) : !days ? (
          chartSkeleton
        ) : empty ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <LineChartIcon className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No emails sent in this period</p>
            <p className="text-muted-foreground text-sm">The chart fills in as your campaigns send.</p>
          </div>
        ) : (
          <figure aria-label="Daily activity chart" className="min-w-0">
            <Suspense fallback={chartSkeleton}>
              <DailyChart days={days} />
            </Suspense>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
