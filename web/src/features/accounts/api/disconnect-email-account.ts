import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterAccountChange } from '@/api/refresh-account-queries';
import { apiRequest } from '@/lib/api';

/** DELETE /api/email-accounts/{id}: removes the account; its provider connection stays, free to link again. */
export async function disconnectEmailAccount(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/email-accounts/${id}`);
}

export function useDisconnectEmailAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disconnectEmailAccount, onSuccess: () => refreshAfterAccountChange(queryClient) });
}
