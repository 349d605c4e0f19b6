import type { AdminUserRow } from '@contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';
import { adminQueryKeys } from './admin-query-keys';

type SetUserRoleVariables = { userId: string; isAdmin: boolean };

/** POST /api/admin/users/{id}/role (beyond the product rules): grants or takes the admin role. */
export async function setUserRole({ userId, isAdmin }: SetUserRoleVariables): Promise<AdminUserRow['user']> {
  const response = await apiRequest('POST', `/api/admin/users/${encodeURIComponent(userId)}/role`, { isAdmin });
  return response.json();
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    // The signed-in admin may have stepped down: their own flag (navigation, this page) is read again too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.currentUser }),
      ]),
  });
}
