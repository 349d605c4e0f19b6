import type { MessageResponse } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from '@/lib/api';
import { forgetSignedInUser } from '@/lib/forget-signed-in-user';

/** POST /api/auth/logout-everywhere: every session of the user ends, this one included. */
export async function logoutEverywhere(): Promise<MessageResponse> {
  const response = await apiRequest('POST', '/api/auth/logout-everywhere', {});
  return response.json();
}

export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => forgetSignedInUser(queryClient, navigate),
  });
}
