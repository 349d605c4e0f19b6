import type { WebhookDelivery } from '@contract/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { webhookDeliveriesQueryKey } from './get-webhook-deliveries';

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: the same event (same id) sent again, as a new delivery. */
export async function resendWebhookDelivery({
  endpointId,
  deliveryId,
}: {
  endpointId: number;
  deliveryId: number;
}): Promise<WebhookDelivery> {
  const response = await apiRequest('POST', `/api/webhooks/${endpointId}/deliveries/${deliveryId}/resend`);
  return response.json();
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: (_delivery, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(endpointId) }),
  });
}
