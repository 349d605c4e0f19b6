import type { WebhookEndpoint } from '@contract/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/webhooks: the user's webhook endpoints, newest first, each with its signing secret and state. */
export async function getWebhooks(): Promise<WebhookEndpoint[]> {
  const response = await apiRequest('GET', '/api/webhooks');
  return response.json();
}

export const webhooksQueryKey = ['/api/webhooks'] as const;

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhooksQueryKey, queryFn: getWebhooks });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
