import type { RegisterRequest, User } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/**
 * POST /api/auth/register: creates the account and signs it in. The browser's time zone goes along, so the
 * daily sending limits reset at the user's own midnight.
 */
export async function register(details: RegisterRequest): Promise<User> {
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const response = await apiRequest('POST', '/api/auth/register', { ...details, timezone });
  return response.json();
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => queryClient.setQueryData(sharedQueryKeys.currentUser, user),
  });
}
