import { type AnalyticsRange, performanceBadge, performanceScore } from '@contract/analytics';
import { FileBarChart } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useTemplatePerformance } from '../api/get-template-performance';

const BADGE_TONES = {
  green: 'border-transparent bg-emerald-100 text-emerald-800',
  yellow: 'border-transparent bg-amber-100 text-amber-800',
  red: 'border-transparent bg-red-100 text-red-800',
  gray: 'border-transparent bg-muted text-muted-foreground',
} as const;

/** docs/product.md §2: per template, the mails sent and the response rate, with docs/product.md §9's badge and score bar. */
export function TemplatePerformanceCard({ range }: { range: AnalyticsRange }) {
  const { data: items } = useTemplatePerformance(range);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Template Performance Analysis</CardTitle>
      </CardHeader>
      <CardContent>
        {!items ? (
          <Skeleton className="h-24 w-full" />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <FileBarChart className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No template performance data</p>
            <p className="text-muted-foreground text-sm">
              Send some campaigns to see detailed template performance analytics
            </p>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-4">
            {items.map((item) => {
              const badge = performanceBadge(item.responseRate, item.totalSent);
              return (
                <li key={item.templateId} className="grid grid-cols-1 gap-2 rounded-lg border p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{item.templateName}</p>
                      <p className="text-muted-foreground text-sm">
                        {item.totalSent.toLocaleString('en-US')} sent · {item.responseRate.toFixed(1)}% response rate
                      </p>
                    </div>
                    <Badge className={cn(BADGE_TONES[badge.tone])}>{badge.label}</Badge>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="shrink-0 text-muted-foreground text-xs">Performance Score</span>
                    <Progress value={performanceScore(item.responseRate)} aria-label={`${item.templateName} score`} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
