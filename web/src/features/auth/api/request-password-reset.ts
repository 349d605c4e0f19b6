import type { ForgotPasswordRequest, MessageResponse } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/auth/forgot-password: mails a reset link when the address has an account (same answer either way). */
export async function requestPasswordReset(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return (await apiRequest('POST', '/api/auth/forgot-password', body)).json();
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
