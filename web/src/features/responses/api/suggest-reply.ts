import type { SuggestedReply } from '@contract/responses';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/responses/{id}/suggest-reply: a draft for the user to edit; nothing is sent and nothing changes. */
export async function suggestReply(id: number): Promise<SuggestedReply> {
  return (await apiRequest('POST', `/api/responses/${id}/suggest-reply`)).json();
}

export function useSuggestReply() {
  return useMutation({ mutationFn: suggestReply });
}
