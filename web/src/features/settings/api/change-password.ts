import type { MessageResponse, PasswordChange } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** PUT /api/user/password: this session stays signed in; every other one is signed out. */
export async function changePassword(change: PasswordChange): Promise<MessageResponse> {
  const response = await apiRequest('PUT', '/api/user/password', change);
  return response.json();
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
