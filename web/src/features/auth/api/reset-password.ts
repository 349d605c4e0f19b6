import type { MessageResponse, ResetPasswordRequest } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/auth/reset-password: the link's token and the new password. */
export async function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return (await apiRequest('POST', '/api/auth/reset-password', body)).json();
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
