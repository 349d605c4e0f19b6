import type { User } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/auth/user: the signed-in user, or null when signed out (401). */
export const getUser = getQueryFn<User>({ on401: 'returnNull' });

export const userQueryOptions = () =>
  queryOptions({
    queryKey: sharedQueryKeys.currentUser,
    queryFn: getUser,
    retry: false,
  });

export function useUser() {
  return useQuery(userQueryOptions());
}

/**
 * For the screens that check the session on arrival (SPEC §8: dashboard, admin, instructions): asks the server
 * again each time one opens, so a session lost meanwhile is reported there (by the lost-session handler in
 * lib/api.ts) rather than on the next action.
 */
export function useSessionCheck() {
  useQuery({
    queryKey: ['session-check'],
    queryFn: async () => (await apiRequest('GET', '/api/auth/user')).json() as Promise<User>,
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}
