import type { AdminResetPassword } from '@contract/admin';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/admin/reset-password: sets the user's password and signs them out everywhere. */
export async function resetUserPassword(input: AdminResetPassword): Promise<{ message: string }> {
  const response = await apiRequest('POST', '/api/admin/reset-password', input);
  return response.json();
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
