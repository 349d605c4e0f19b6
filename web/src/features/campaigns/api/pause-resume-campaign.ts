import type { Campaign } from '@contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshAfterCampaignChange } from './refresh-campaign-queries';

export type CampaignAction = 'pause' | 'resume' | 'resend-unknown';

/** POST /api/campaigns/{id}/pause, /resume or /resend-unknown: answers the campaign as it now is. */
export async function changeCampaign({ id, action }: { id: number; action: CampaignAction }): Promise<Campaign> {
  return (await apiRequest('POST', `/api/campaigns/${id}/${action}`)).json();
}

export function useChangeCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCampaign, onSuccess: () => refreshAfterCampaignChange(queryClient) });
}
