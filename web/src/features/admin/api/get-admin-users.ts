import type { AdminUserRow } from '@contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminQueryKeys } from './admin-query-keys';

/** GET /api/admin/users: every user with their figures (docs/product.md §7: not retried). */
export async function getAdminUsers(): Promise<AdminUserRow[]> {
  const response = await apiRequest('GET', '/api/admin/users');
  return response.json();
}

export const adminUsersQueryOptions = () =>
  queryOptions({ queryKey: adminQueryKeys.users, queryFn: getAdminUsers, retry: false });

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
