import { type Campaign, isSequenceBetweenSteps } from '@contract/campaigns';
import { Pause, Play, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { useUser } from '@/api/get-user';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useCampaign } from '../api/get-campaign';
import { type CampaignAction, useChangeCampaign } from '../api/pause-resume-campaign';
import { useFreshFiguresWithCampaign } from '../api/use-fresh-figures-with-campaign';
import { finishText, progressCounts } from '../lib/campaign-progress-text';
import { campaignFigures, completedText } from '../lib/recipient-selection';
import { BrakeResumeDialog } from './brake-resume-dialog';
import { useBrakeToast } from './use-brake-toast';

const titles: Record<Campaign['status'], string> = {
  running: 'Campaign in progress',
  paused: 'Campaign paused',
  completed: 'Campaign completed',
  failed: 'Campaign failed',
};

/** docs/product.md §2/§4: the active campaign's progress, read every second while it runs. */
export function CampaignProgressCard({ campaignId, onDismiss }: { campaignId: number; onDismiss: () => void }) {
  const campaign = useCampaign(campaignId);
  const user = useUser();
  const change = useChangeCampaign();
  const [confirmingResume, setConfirmingResume] = useState(false);
  useBrakeToast(campaign.data);
  useFreshFiguresWithCampaign(campaign.data);
  const act = async (action: CampaignAction, confirm?: boolean) => {
    try {
      await change.mutateAsync({ id: campaignId, action, confirm });
      await campaign.refetch();
    } catch (error) {
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to update campaign'),
        variant: 'destructive',
      });
    }
  };

  if (campaign.isError) {
    return (
      <Card role="status">
        <CardContent className="py-6 text-destructive text-sm">Failed to fetch campaign</CardContent>
      </Card>
    );
  }
  if (!campaign.data) return <Skeleton className="h-32 w-full" />;
  const data = campaign.data;
  const counts = progressCounts(data);
  // Read again with each poll of the campaign: "minutes left" moves with it.
  const finish = finishText(data, user.data?.timezone ?? 'UTC', new Date());
  const title = data.cadence !== null && data.status === 'running' ? 'Sequence in progress' : titles[data.status];

  return (
    <Card role="status" aria-label="Campaign progress">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <CardTitle>{title}</CardTitle>
        {(data.status === 'completed' || data.status === 'failed') && (
          <Button variant="ghost" size="icon" onClick={onDismiss} aria-label="Dismiss">
            <X />
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <Progress value={counts.percent} aria-label="Emails sent" />
        <p className="text-muted-foreground tabular-nums">
          {counts.done.toLocaleString('en-US')} of {counts.total.toLocaleString('en-US')} emails:{' '}
          {campaignFigures(data)}
          {data.emailsNoMailServer > 0 && `, ${data.emailsNoMailServer} skipped: no mail server for the domain`}
          {counts.otherSkipped > 0 && `, ${counts.otherSkipped} leads skipped`}
        </p>
        {finish && <p>{finish}</p>}
        {data.status === 'completed' && (
          <p className="font-medium">{completedText(data.emailsSent, data.emailsFailed)}</p>
        )}
        {data.status !== 'running' && data.errorMessage && <p className="text-destructive">{data.errorMessage}</p>}
        {data.waitingReason && <p className="text-amber-700">{data.waitingReason}</p>}
        {isSequenceBetweenSteps(data) && (
          <p className="text-muted-foreground">
            Every email due so far has gone. The next step goes to each lead when its delay has passed, inside your
            sending window; the campaigns list shows when.
          </p>
        )}
        {data.emailsUnknown > 0 && (
          <p className="text-amber-700">
            {data.emailsUnknown} email(s) with an unknown outcome: the sender stopped while sending them, so they may or
            may not have gone out.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {data.status === 'running' && (
            <Button variant="outline" size="sm" onClick={() => act('pause')} disabled={change.isPending}>
              <Pause /> Pause
            </Button>
          )}
          {data.status === 'paused' && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => (data.brake ? setConfirmingResume(true) : act('resume'))}
              disabled={change.isPending}
            >
              <Play /> Resume
            </Button>
          )}
          {data.emailsUnknown > 0 && data.status !== 'running' && (
            <Button variant="outline" size="sm" onClick={() => act('resend-unknown')} disabled={change.isPending}>
              <RotateCcw /> Send unknown again
            </Button>
          )}
        </div>
        <BrakeResumeDialog
          reason={data.waitingReason}
          open={confirmingResume && data.brake !== null}
          pending={change.isPending}
          onCancel={() => setConfirmingResume(false)}
          onResume={async () => {
            await act('resume', true);
            setConfirmingResume(false);
          }}
        />
      </CardContent>
    </Card>
  );
}
