import type { CsvUploadResult } from '@contract/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { leadQueryKeys } from './lead-query-keys';
import { refreshAfterLeadsAdded } from './refresh-lead-queries';

/** POST /api/lead-finder/searches/{id}/import: the chosen results become leads, counted as a CSV upload. */
export async function importLeadSearchResults(searchId: number, resultIds: number[]): Promise<CsvUploadResult> {
  const response = await apiRequest('POST', `/api/lead-finder/searches/${searchId}/import`, { resultIds });
  return response.json();
}

export function useImportLeadSearchResults(searchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resultIds: number[]) => importLeadSearchResults(searchId, resultIds),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: leadQueryKeys.leadSearch(searchId) });
      if (result.added > 0) await refreshAfterLeadsAdded(queryClient);
    },
  });
}
