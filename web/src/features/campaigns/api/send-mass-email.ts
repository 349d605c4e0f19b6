import type { SendMassEmailRequest, SendMassEmailResponse } from '@contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshAfterCampaignChange } from './refresh-campaign-queries';

/** POST /api/campaigns/send-mass-email: starts a campaign; its progress is read with GET /api/campaigns/{id}. */
export async function sendMassEmail(request: SendMassEmailRequest): Promise<SendMassEmailResponse> {
  return (await apiRequest('POST', '/api/campaigns/send-mass-email', request)).json();
}

export function useSendMassEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendMassEmail, onSuccess: () => refreshAfterCampaignChange(queryClient) });
}
