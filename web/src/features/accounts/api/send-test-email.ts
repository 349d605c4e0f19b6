import type { TestEmailResponse } from '@contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterAccountChange } from '@/api/refresh-account-queries';
import { apiRequest } from '@/lib/api';

type SendTestEmailVariables = { id: number; to: string };

/** POST /api/email-accounts/{id}/test through the account's real transport; 400/429/502 carry the reason. */
export async function sendTestEmail({ id, to }: SendTestEmailVariables): Promise<TestEmailResponse> {
  const response = await apiRequest('POST', `/api/email-accounts/${id}/test`, { to });
  return response.json();
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  // A test send may count against the day's sending and may change the account's status.
  return useMutation({ mutationFn: sendTestEmail, onSettled: () => refreshAfterAccountChange(queryClient) });
}
