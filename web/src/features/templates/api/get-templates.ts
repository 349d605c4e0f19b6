import type { Template } from '@contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { templateQueryKeys } from './template-query-keys';

/** GET /api/templates: the user's templates, newest first. */
export async function getTemplates(): Promise<Template[]> {
  const response = await apiRequest('GET', '/api/templates');
  return response.json();
}

export const templatesQueryOptions = () => queryOptions({ queryKey: templateQueryKeys.list, queryFn: getTemplates });

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
