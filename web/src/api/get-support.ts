import type { SupportContact } from '@contract/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/support: where users write for help (Help, Settings, the password reset page); public. */
export async function getSupport(): Promise<SupportContact> {
  return (await apiRequest('GET', '/api/support')).json();
}

export const supportQueryOptions = () => queryOptions({ queryKey: ['/api/support'], queryFn: getSupport });

export function useSupport() {
  return useQuery(supportQueryOptions());
}
