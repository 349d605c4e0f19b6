import type { ResponseDetails } from '@contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { responseQueryKeys } from './response-query-keys';

/** GET /api/responses/{id}/details: the reply and its thread, oldest first; another user's id is 404. */
export async function getResponseDetails(id: number): Promise<ResponseDetails> {
  return (await apiRequest('GET', `/api/responses/${id}/details`)).json();
}

export const responseDetailsQueryOptions = (id: number) =>
  queryOptions({ queryKey: responseQueryKeys.details(id), queryFn: () => getResponseDetails(id) });

export function useResponseDetails(id: number) {
  return useQuery(responseDetailsQueryOptions(id));
}
