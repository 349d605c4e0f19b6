import { type AnalyticsRange, CAMPAIGN_RESULTS_LIMIT, type StepResults } from '@contract/analytics';
import { CalendarCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDay } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { useCampaignResults } from '../api/get-campaign-results';

const count = (value: number) => value.toLocaleString('en-US');

/** The figure cells of a campaign or step row, in the header's order. */
function FigureCells({ figures }: { figures: Omit<StepResults, 'step' | 'templateName'> }) {
  return (
    <>
      <TableCell className="text-right tabular-nums">{count(figures.sent)}</TableCell>
      <TableCell className="text-right tabular-nums">{count(figures.replied)}</TableCell>
      <TableCell className="text-right tabular-nums">{figures.replyRate.toFixed(1)}%</TableCell>
      <TableCell className="text-right tabular-nums">{count(figures.meetingsBooked)}</TableCell>
    </>
  );
}

/**
 * Beyond the product rules: per campaign with mail sent in the range, the replies and meetings booked it brought, and
 * for a sequence which step did. A meeting counts for the step whose mail the lead answered or clicked.
 */
export function CampaignResultsCard({ range }: { range: AnalyticsRange }) {
  const { data: items, isError } = useCampaignResults(range);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Replies and meetings by campaign</CardTitle>
        <CardDescription>
          The {CAMPAIGN_RESULTS_LIMIT} newest campaigns with emails sent in this period; sequences step by step.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p className="py-6 text-center text-muted-foreground text-sm">The campaign results could not be loaded.</p>
        ) : !items ? (
          <Skeleton className="h-24 w-full" />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <CalendarCheck className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No campaigns sent in this period</p>
            <p className="text-muted-foreground text-sm">
              Each campaign’s replies and meetings booked show here once it sends.
            </p>
          </div>
        ) : (
          <Table aria-label="Replies and meetings by campaign">
            <TableHeader>
              <TableRow>
                <TableHead>Campaign</TableHead>
                <TableHead className="text-right">Sent</TableHead>
                <TableHead className="text-right">Replies</TableHead>
                <TableHead className="text-right">Reply rate</TableHead>
                <TableHead className="text-right">Meetings booked</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.flatMap((item) => [
                <TableRow key={item.campaignId} className={cn(item.steps.length > 0 && 'border-b-0')}>
                  <TableCell>
                    <p className="max-w-72 truncate font-medium">{item.templateName ?? 'Deleted template'}</p>
                    <p className="text-muted-foreground text-xs">
                      {item.steps.length > 0 ? `Sequence of ${item.steps.length} steps · ` : ''}Created{' '}
                      {formatDay(item.createdAt)}
                    </p>
                  </TableCell>
                  <FigureCells figures={item} />
                </TableRow>,
                ...item.steps.map((step) => (
                  <TableRow
                    key={`${item.campaignId}-${step.step}`}
                    className={cn('text-muted-foreground', step.step < item.steps.length && 'border-b-0')}
                  >
                    <TableCell className="pl-8">
                      <span className="block max-w-72 truncate">
                        Step {step.step} · {step.templateName ?? 'Deleted template'}
                      </span>
                    </TableCell>
                    <FigureCells figures={step} />
                  </TableRow>
                )),
              ])}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
