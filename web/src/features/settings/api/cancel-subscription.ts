import type { User } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';
import { subscriptionQueryKey } from './get-subscription';

/** POST /api/subscription/cancel: cancels at the end of the paid period; returns the user. */
export async function cancelSubscription(): Promise<User> {
  const response = await apiRequest('POST', '/api/subscription/cancel');
  return response.json();
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    // docs/product.md §4: on success the user data is refreshed.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.currentUser }),
        queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
      ]);
    },
  });
}
