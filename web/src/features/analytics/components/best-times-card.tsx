import type { AnalyticsRange, SendingSlot } from '@contract/analytics';
import { Clock } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useBestTimes } from '../api/get-best-times';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "9 AM – 10 AM" for hour 9. */
function hourSpan(hour: number): string {
  const label = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h % 24 < 12 ? 'AM' : 'PM'}`;
  return `${label(hour)} – ${label(hour + 1)}`;
}

function BestSlot({ title, name, slot }: { title: string; name: string; slot: SendingSlot }) {
  return (
    <div className="rounded-lg border p-4">
      <p className="text-muted-foreground text-sm">{title}</p>
      <p className="mt-1 font-semibold text-lg">{name}</p>
      <p className="text-muted-foreground text-sm">
        {slot.replyRate.toFixed(1)}% reply rate ({slot.replied.toLocaleString('en-US')} of{' '}
        {slot.sent.toLocaleString('en-US')})
      </p>
    </div>
  );
}

/** Beyond the product rules: the weekday and hour (the user's timezone) whose mails were answered most often in the range. */
export function BestTimesCard({ range }: { range: AnalyticsRange }) {
  const { data: times, isError } = useBestTimes(range);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Best sending times</CardTitle>
        <CardDescription>The weekday and hour whose emails got the most replies, in your timezone.</CardDescription>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p className="py-6 text-center text-muted-foreground text-sm">The sending times could not be loaded.</p>
        ) : !times ? (
          <Skeleton className="h-24 w-full" />
        ) : !times.bestWeekday || !times.bestHour ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <Clock className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No replies in this period yet</p>
            <p className="text-muted-foreground text-sm">Once leads answer, the best day and hour to send show here.</p>
          </div>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <BestSlot title="Best weekday" name={WEEKDAYS[times.bestWeekday.slot - 1]} slot={times.bestWeekday} />
            <BestSlot title="Best hour" name={hourSpan(times.bestHour.slot)} slot={times.bestHour} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
