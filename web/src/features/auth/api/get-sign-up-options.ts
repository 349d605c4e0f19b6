import type { SignUpOptions } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/auth/register: who may sign up on this server, told before the form is filled. */
export async function getSignUpOptions(): Promise<SignUpOptions> {
  return (await apiRequest('GET', '/api/auth/register')).json();
}

export const signUpOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['sign-up-options'], queryFn: getSignUpOptions });

export function useSignUpOptions() {
  return useQuery(signUpOptionsQueryOptions());
}
