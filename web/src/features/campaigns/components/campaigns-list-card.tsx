import type { CampaignListItem } from '@contract/campaigns';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDayTime } from '@/lib/format-date';
import { useCampaigns } from '../api/get-campaigns';
import { EngagementSummary } from './engagement-summary';
import { SequenceStepsList } from './sequence-steps-list';

const statusLabels: Record<CampaignListItem['status'], string> = {
  running: 'Running',
  paused: 'Paused',
  completed: 'Completed',
  failed: 'Failed',
};

/** The user's recent campaigns, each one's progress a click away, and how their mails were opened and clicked. */
export function CampaignsListCard({ onShow }: { onShow: (id: number) => void }) {
  const campaigns = useCampaigns();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Campaigns</CardTitle>
      </CardHeader>
      {/* Columns as wide as the card, not as its longest name: names and addresses truncate instead. */}
      <CardContent className="grid grid-cols-1 gap-4">
        {campaigns.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : campaigns.isError ? (
          <p className="text-destructive text-sm">The campaigns could not be loaded.</p>
        ) : campaigns.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No campaigns yet. Your campaigns will be listed here.</p>
        ) : (
          <ul aria-label="Recent campaigns" className="grid grid-cols-1 gap-2">
            {campaigns.data.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{item.templateName ?? 'Deleted template'}</p>
                  <p className="truncate text-muted-foreground text-xs">
                    {formatDayTime(item.createdAt)} · {item.accountEmail ?? 'Disconnected account'}
                  </p>
                </div>
                <span className="text-muted-foreground tabular-nums">
                  {item.emailsSent}/{item.totalEmails} sent{item.emailsFailed > 0 && `, ${item.emailsFailed} failed`}
                  {item.emailsSending > 0 && `, ${item.emailsSending} sending now`}
                </span>
                <Badge variant={item.status === 'failed' ? 'outline' : 'secondary'}>{statusLabels[item.status]}</Badge>
                <Button variant="ghost" size="sm" onClick={() => onShow(item.id)}>
                  Show progress
                </Button>
                {item.cadence && (
                  <SequenceStepsList cadence={item.cadence} steps={item.steps} nextSendAt={item.nextSendAt} />
                )}
              </li>
            ))}
          </ul>
        )}
        <EngagementSummary />
      </CardContent>
    </Card>
  );
}
