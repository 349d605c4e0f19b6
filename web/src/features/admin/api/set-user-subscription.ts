import type { AdminSubscriptionChange, AdminUserRow } from '@contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';
import { adminQueryKeys } from './admin-query-keys';

type SetUserSubscriptionVariables = { userId: string; change: AdminSubscriptionChange };

/** POST /api/admin/users/{id}/subscription (beyond the product rules): sets a subscription by hand where billing is not set up. */
export async function setUserSubscription({ userId, change }: SetUserSubscriptionVariables): Promise<AdminUserRow> {
  const response = await apiRequest('POST', `/api/admin/users/${encodeURIComponent(userId)}/subscription`, change);
  return response.json();
}

export function useSetUserSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserSubscription,
    // The admin may have set their own subscription: their banners read it from the current user.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.currentUser }),
      ]),
  });
}
