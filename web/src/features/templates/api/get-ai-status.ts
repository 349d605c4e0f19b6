import type { AiWriterStatus } from '@contract/ai';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/ai/status: whether "Generate with AI" drafts with a provider or the built-in offline writer. */
export async function getAiStatus(): Promise<AiWriterStatus> {
  const response = await apiRequest('GET', '/api/ai/status');
  return response.json();
}

// The provider is chosen by the server's environment, so it cannot change while the app is open.
export const aiStatusQueryOptions = () =>
  queryOptions({ queryKey: ['/api/ai/status'], queryFn: getAiStatus, staleTime: Number.POSITIVE_INFINITY });

export function useAiStatus() {
  return useQuery(aiStatusQueryOptions());
}
