import type { InvitationList } from '@contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminQueryKeys } from './admin-query-keys';

/** GET /api/admin/invitations: pending invitations, who may sign up here, and whether invitations are mailed. */
export async function getInvitations(): Promise<InvitationList> {
  return (await apiRequest('GET', '/api/admin/invitations')).json();
}

export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: adminQueryKeys.invitations, queryFn: getInvitations, retry: false });

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}
