import type { Template, TemplateInput } from '@contract/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshTemplateQueries } from './refresh-template-queries';

/** PUT /api/templates/{id}: 200 with the stored template; 404 "Template not found"; 400 naming the field. */
export async function updateTemplate({ id, template }: { id: number; template: TemplateInput }): Promise<Template> {
  const response = await apiRequest('PUT', `/api/templates/${id}`, template);
  return response.json();
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTemplate, onSuccess: () => refreshTemplateQueries(queryClient) });
}
