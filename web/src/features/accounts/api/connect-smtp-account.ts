import type { EmailAccount, SmtpConnectRequest } from '@contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterAccountChange } from '@/api/refresh-account-queries';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/email-accounts/smtp: 201 with the account once the server has signed in to both SMTP and IMAP;
 * 400 with the server's answer when either fails. Takes seconds, not milliseconds.
 */
export async function connectSmtpAccount(request: SmtpConnectRequest): Promise<EmailAccount> {
  const response = await apiRequest('POST', '/api/email-accounts/smtp', request);
  return response.json();
}

export function useConnectSmtpAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: connectSmtpAccount, onSuccess: () => refreshAfterAccountChange(queryClient) });
}
