import type { WebhookEventType } from '@contract/webhook-events';
import type { WebhookDelivery } from '@contract/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { webhookDeliveriesQueryKey } from './get-webhook-deliveries';

/** POST /api/webhooks/{id}/test: a sample event (the endpoint's first unless named), queued at once. */
export async function sendTestWebhook({ id, type }: { id: number; type?: WebhookEventType }): Promise<WebhookDelivery> {
  const response = await apiRequest('POST', `/api/webhooks/${id}/test`, type ? { type } : {});
  return response.json();
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: (_delivery, { id }) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(id) }),
  });
}
