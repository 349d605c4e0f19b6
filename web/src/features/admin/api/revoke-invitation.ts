import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminQueryKeys } from './admin-query-keys';

/** DELETE /api/admin/invitations/{id}: the invitation's link stops working. */
export async function revokeInvitation(id: string): Promise<{ message: string }> {
  return (await apiRequest('DELETE', `/api/admin/invitations/${encodeURIComponent(id)}`)).json();
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.invitations }),
  });
}
