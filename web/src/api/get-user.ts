import type { User } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/auth/user: the signed-in user, or null when signed out (401). */
export async function getUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await getSignedInUser(signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The same read, where signed out (401) is a failure: the session checks report it as a lost session. */
async function getSignedInUser(signal?: AbortSignal): Promise<User> {
  return (await apiRequest('GET', '/api/auth/user', undefined, signal)).json();
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: sharedQueryKeys.currentUser,
    queryFn: ({ signal }) => getUser(signal),
    retry: false,
  });

/** The router, the signed-in screens' provider and the lead finder (which starts from the preferred local clients). */
export function useUser() {
  return useQuery(userQueryOptions());
}

export const sessionCheckQueryOptions = () =>
  queryOptions({
    queryKey: ['session-check'],
    queryFn: () => getSignedInUser(),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });

/**
 * For the screens that check the session on arrival (docs/product.md §8: dashboard, admin, instructions): asks the server
 * again each time one opens, so a session lost meanwhile is reported there (by the lost-session handler in
 * lib/api.ts) rather than on the next action.
 */
export function useSessionCheck() {
  useQuery(sessionCheckQueryOptions());
}
