import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** POST /api/auth/logout; the response is not read (SPEC §7). */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout', {});
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // Cached reads never go stale, so drop the previous user's data before someone else signs in.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sharedQueryKeys.currentUser[0] });
      queryClient.setQueryData(sharedQueryKeys.currentUser, null);
      navigate('/');
      await queryClient.invalidateQueries({ queryKey: sharedQueryKeys.currentUser });
    },
  });
}
