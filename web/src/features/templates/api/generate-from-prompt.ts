import type { AiGenerateRequest, AiGenerateResponse } from '@contract/templates';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/ai/generate-from-prompt: a subject and an HTML body. `source` is "offline" when the built-in writer
 * answered because no AI provider is configured; 502 when the provider fails.
 */
export async function generateFromPrompt(request: AiGenerateRequest): Promise<AiGenerateResponse> {
  const response = await apiRequest('POST', '/api/ai/generate-from-prompt', request);
  return response.json();
}

export function useGenerateFromPrompt() {
  return useMutation({ mutationFn: generateFromPrompt });
}
