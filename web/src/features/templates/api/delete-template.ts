import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshTemplateQueries } from './refresh-template-queries';

/** DELETE /api/templates/{id} */
export async function deleteTemplate(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/templates/${id}`);
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTemplate, onSuccess: () => refreshTemplateQueries(queryClient) });
}
