import type { TemplateDetail } from '@contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { templateQueryKeys } from './template-query-keys';

/** GET /api/templates/{id}: one template with its attachments' contents, for the editor. */
export async function getTemplate(id: number): Promise<TemplateDetail> {
  const response = await apiRequest('GET', `/api/templates/${id}`);
  return response.json();
}

export const templateQueryOptions = (id: number) =>
  queryOptions({ queryKey: templateQueryKeys.detail(id), queryFn: () => getTemplate(id) });

export function useTemplate(id: number | null) {
  return useQuery({ ...templateQueryOptions(id ?? 0), enabled: id !== null });
}
