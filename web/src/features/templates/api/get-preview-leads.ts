import type { Lead } from '@contract/leads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

const PREVIEW_LEAD_COUNT = 20;

/** GET /api/leads?limit=20&offset=0: the newest leads, offered as people to preview a template for. */
export async function getPreviewLeads(): Promise<Lead[]> {
  const response = await apiRequest('GET', `/api/leads?limit=${PREVIEW_LEAD_COUNT}&offset=0`);
  return response.json();
}

// Read afresh each time the editor opens (not kept like other reads, docs/product.md §9), so leads added since show up.
export const previewLeadsQueryOptions = () =>
  queryOptions({
    queryKey: [...sharedQueryKeys.leads, { limit: PREVIEW_LEAD_COUNT, offset: 0 }],
    queryFn: getPreviewLeads,
    staleTime: 0,
  });

export function usePreviewLeads() {
  return useQuery(previewLeadsQueryOptions());
}
