import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { webhooksQueryKey } from './get-webhooks';

/** DELETE /api/webhooks/{id}: the endpoint and its delivery log; nothing more is sent to it. */
export async function removeWebhook(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/webhooks/${id}`);
}

export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
