import type { Campaign, ResumeCampaignRequest } from '@contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshAfterCampaignChange } from './refresh-campaign-queries';

export type CampaignAction = 'pause' | 'resume' | 'resend-unknown';

/**
 * POST /api/campaigns/{id}/pause, /resume or /resend-unknown: answers the campaign as it now is. `confirm` resumes a
 * campaign an automatic brake paused (without it the server refuses, 409).
 */
export async function changeCampaign({
  id,
  action,
  confirm,
}: {
  id: number;
  action: CampaignAction;
  confirm?: boolean;
}): Promise<Campaign> {
  const body: ResumeCampaignRequest | undefined = confirm ? { confirm } : undefined;
  return (await apiRequest('POST', `/api/campaigns/${id}/${action}`, body)).json();
}

export function useChangeCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCampaign, onSuccess: () => refreshAfterCampaignChange(queryClient) });
}
