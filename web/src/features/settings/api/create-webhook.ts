import type { CreateWebhookRequest, WebhookEndpoint } from '@contract/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { webhooksQueryKey } from './get-webhooks';

/** POST /api/webhooks: a new endpoint with its signing secret; refused in words for a private or unknown address. */
export async function createWebhook(request: CreateWebhookRequest): Promise<WebhookEndpoint> {
  const response = await apiRequest('POST', '/api/webhooks', request);
  return response.json();
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
