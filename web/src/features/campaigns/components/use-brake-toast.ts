import type { Campaign } from '@contract/campaigns';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/use-toast';

/**
 * When a campaign the dashboard watches pauses itself (an automatic brake), a toast says why, once. A
 * campaign already braked when the page opens shows its reason on the card only.
 */
export function useBrakeToast(campaign: Campaign | undefined) {
  const seenRunning = useRef(false);

  useEffect(() => {
    if (!campaign) return;
    if (campaign.status === 'running') {
      seenRunning.current = true;
      return;
    }
    if (!seenRunning.current || !campaign.brake) return;
    seenRunning.current = false;
    toast({
      title: 'Campaign paused automatically',
      description: campaign.waitingReason ?? 'An automatic brake paused the campaign.',
      variant: 'destructive',
    });
  }, [campaign]);
}
