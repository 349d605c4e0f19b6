import type { UpdateWebhookRequest, WebhookEndpoint } from '@contract/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { webhooksQueryKey } from './get-webhooks';

/** PATCH /api/webhooks/{id}: its events, or `enabled: true` to turn on an endpoint LocalReach turned off. */
export async function updateWebhook({
  id,
  ...changes
}: UpdateWebhookRequest & { id: number }): Promise<WebhookEndpoint> {
  const response = await apiRequest('PATCH', `/api/webhooks/${id}`, changes);
  return response.json();
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
