import type { User } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';
import { currentUserQueryKey } from '@/lib/current-user-query-key';

/** GET /api/auth/user: the signed-in user, or null when signed out (401). */
export const getUser = getQueryFn<User>({ on401: 'returnNull' });

export const userQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getUser,
    retry: false,
  });

export function useUser() {
  return useQuery(userQueryOptions());
}
