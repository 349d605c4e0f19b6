import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '@/lib/api';
import { forgetSignedInUser } from '@/lib/forget-signed-in-user';

/** POST /api/auth/logout; the response is not read (docs/product.md §7). */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout', {});
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => forgetSignedInUser(queryClient, navigate),
  });
}
