import type { SubscriptionDetails } from '@contract/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/subscription: the paid period's end, the payment link and whom to ask about billing. */
export async function getSubscription(): Promise<SubscriptionDetails> {
  const response = await apiRequest('GET', '/api/subscription');
  return response.json();
}

export const subscriptionQueryKey = ['/api/subscription'] as const;

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: subscriptionQueryKey, queryFn: getSubscription });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
