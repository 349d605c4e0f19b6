import type { AdminBilling } from '@contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminQueryKeys } from './admin-query-keys';

/** GET /api/admin/billing: whether Stripe keeps the subscriptions (then they are not set by hand). */
export async function getAdminBilling(): Promise<AdminBilling> {
  const response = await apiRequest('GET', '/api/admin/billing');
  return response.json();
}

export const adminBillingQueryOptions = () =>
  queryOptions({ queryKey: adminQueryKeys.billing, queryFn: getAdminBilling, retry: false });

export function useAdminBilling() {
  return useQuery(adminBillingQueryOptions());
}
