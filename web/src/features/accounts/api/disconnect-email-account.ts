import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshAfterAccountChange } from './refresh-account-queries';

/** DELETE /api/email-accounts/{id}: removes the account; its provider connection stays, free to link again. */
export async function disconnectEmailAccount(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/email-accounts/${id}`);
}

export function useDisconnectEmailAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disconnectEmailAccount, onSuccess: () => refreshAfterAccountChange(queryClient) });
}
