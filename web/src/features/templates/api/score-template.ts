import type { TemplateScore, TemplateScoreRequest } from '@contract/template-score';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/templates/score: the content checks plus those counted against the user's leads. */
export async function scoreTemplate(request: TemplateScoreRequest): Promise<TemplateScore> {
  const response = await apiRequest('POST', '/api/templates/score', request);
  return response.json();
}

export const templateScoreQueryOptions = (request: TemplateScoreRequest) =>
  queryOptions({ queryKey: ['/api/templates/score', request], queryFn: () => scoreTemplate(request) });

/** The server's score of a (debounced) draft; the last answer stays shown while the next one loads. */
export function useTemplateScore(request: TemplateScoreRequest) {
  return useQuery({ ...templateScoreQueryOptions(request), placeholderData: keepPreviousData });
}
