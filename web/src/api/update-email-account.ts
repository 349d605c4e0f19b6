import type { EmailAccount, UpdateAccountRequest } from '@contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshAfterAccountChange } from './refresh-account-queries';

type UpdateEmailAccountVariables = { id: number; changes: UpdateAccountRequest };

/** PATCH /api/email-accounts/{id}: display name, daily limit, pace and warm-up. */
export async function updateEmailAccount({ id, changes }: UpdateEmailAccountVariables): Promise<EmailAccount> {
  const response = await apiRequest('PATCH', `/api/email-accounts/${id}`, changes);
  return response.json();
}

export function useUpdateEmailAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEmailAccount, onSuccess: () => refreshAfterAccountChange(queryClient) });
}
