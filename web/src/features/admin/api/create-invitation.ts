import type { InvitationSent, InviteRequest } from '@contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminQueryKeys } from './admin-query-keys';

/** POST /api/admin/invitations: invites an address; answers the link, and whether it was mailed. */
export async function createInvitation(input: InviteRequest): Promise<InvitationSent> {
  return (await apiRequest('POST', '/api/admin/invitations', input)).json();
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.invitations }),
  });
}
