import type { Template, TemplateInput } from '@contract/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshTemplateQueries } from './refresh-template-queries';

/** POST /api/templates: 201 with the stored template (its body sanitised); 400 naming the field. */
export async function createTemplate(template: TemplateInput): Promise<Template> {
  const response = await apiRequest('POST', '/api/templates', template);
  return response.json();
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTemplate, onSuccess: () => refreshTemplateQueries(queryClient) });
}
