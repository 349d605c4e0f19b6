import type { ConnectFromIntegrationRequest, EmailAccount } from '@contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterAccountChange } from '@/api/refresh-account-queries';
import { apiRequest } from '@/lib/api';

/** POST /api/email-accounts/connect-from-integration: 201 with the account; 409 when the connection is linked. */
export async function connectFromIntegration(request: ConnectFromIntegrationRequest): Promise<EmailAccount> {
  const response = await apiRequest('POST', '/api/email-accounts/connect-from-integration', request);
  return response.json();
}

export function useConnectFromIntegration() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: connectFromIntegration, onSuccess: () => refreshAfterAccountChange(queryClient) });
}
