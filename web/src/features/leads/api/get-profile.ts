import type { User } from '@contract/auth';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/auth/user: the signed-in user's profile (the lead finder starts from their preferred local clients). */
export function useProfile() {
  return useQuery({ queryKey: sharedQueryKeys.currentUser, queryFn: getQueryFn<User>({ on401: 'returnNull' }) });
}
