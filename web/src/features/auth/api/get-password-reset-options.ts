import type { PasswordResetOptions } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/auth/password-reset: whether this server can mail reset links. */
export async function getPasswordResetOptions(): Promise<PasswordResetOptions> {
  return (await apiRequest('GET', '/api/auth/password-reset')).json();
}

export const passwordResetOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['password-reset-options'], queryFn: getPasswordResetOptions });

export function usePasswordResetOptions() {
  return useQuery(passwordResetOptionsQueryOptions());
}
