import type { Template } from '@contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/templates: the user's templates, newest first (the templates screen and the dashboard's select). */
export async function getTemplates(): Promise<Template[]> {
  const response = await apiRequest('GET', '/api/templates');
  return response.json();
}

export const templatesQueryOptions = () => queryOptions({ queryKey: sharedQueryKeys.templates, queryFn: getTemplates });

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
