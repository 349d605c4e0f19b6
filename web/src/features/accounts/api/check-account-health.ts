import type { EmailAccount } from '@contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterAccountChange } from '@/api/refresh-account-queries';
import { apiRequest } from '@/lib/api';

/** POST /api/email-accounts/{id}/health-check: checks the sending domain again and answers the account. */
export async function checkAccountHealth(id: number): Promise<EmailAccount> {
  const response = await apiRequest('POST', `/api/email-accounts/${id}/health-check`);
  return response.json();
}

export function useCheckAccountHealth() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: checkAccountHealth, onSuccess: () => refreshAfterAccountChange(queryClient) });
}
