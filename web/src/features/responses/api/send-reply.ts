import type { ReplyRequest } from '@contract/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshAfterResponseChange } from './refresh-response-queries';

type SendReplyVariables = { id: number } & ReplyRequest;

/** POST /api/responses/{id}/reply: sent in the prospect's thread from the same mailbox; completes the follow-up. */
export async function sendReply({ id, body }: SendReplyVariables): Promise<void> {
  await apiRequest('POST', `/api/responses/${id}/reply`, { body });
}

export function useSendReply() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendReply, onSuccess: () => refreshAfterResponseChange(queryClient) });
}
