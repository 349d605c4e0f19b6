import type { WebhookDelivery } from '@contract/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { deliveryLogRefetchMs } from '../lib/webhook-log';
import { webhooksQueryKey } from './get-webhooks';

/** GET /api/webhooks/{id}/deliveries: the endpoint's last 50 deliveries, newest first. */
export async function getWebhookDeliveries(endpointId: number, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  const response = await apiRequest('GET', `/api/webhooks/${endpointId}/deliveries`, undefined, signal);
  return response.json();
}

export const webhookDeliveriesQueryKey = (endpointId: number) =>
  [...webhooksQueryKey, endpointId, 'deliveries'] as const;

/** Read again by itself while a delivery waits or retries, so a test event's result shows without a reload. */
export const webhookDeliveriesQueryOptions = (endpointId: number) =>
  queryOptions({
    queryKey: webhookDeliveriesQueryKey(endpointId),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, signal),
    refetchInterval: (query) => deliveryLogRefetchMs(query.state.data),
  });

export function useWebhookDeliveries(endpointId: number) {
  return useQuery(webhookDeliveriesQueryOptions(endpointId));
}
