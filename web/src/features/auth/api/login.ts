import type { LoginRequest, User } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** POST /api/auth/login */
export async function login(credentials: LoginRequest): Promise<User> {
  const response = await apiRequest('POST', '/api/auth/login', credentials);
  return response.json();
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(sharedQueryKeys.currentUser, user),
  });
}
