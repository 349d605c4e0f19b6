import type { AiProviderStatus } from '@contract/ai';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/admin/ai-provider: what "Generate with AI" drafts with (administrators only). */
export async function getAiProvider(): Promise<AiProviderStatus> {
  const response = await apiRequest('GET', '/api/admin/ai-provider');
  return response.json();
}

export const aiProviderQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin/ai-provider'], queryFn: getAiProvider });

export function useAiProvider() {
  return useQuery(aiProviderQueryOptions());
}
