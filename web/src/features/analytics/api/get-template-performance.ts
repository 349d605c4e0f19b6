import type { AnalyticsRange } from '@contract/analytics';
import type { TemplatePerformanceItem } from '@contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/templates/performance?range=: per template, the mails sent in the range and the share answered. */
export async function getTemplatePerformance(range: AnalyticsRange): Promise<TemplatePerformanceItem[]> {
  return (await apiRequest('GET', `/api/templates/performance?range=${range}`)).json();
}

export const templatePerformanceQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    // Under the templates key, so template changes and campaigns refresh it with the list.
    queryKey: [...sharedQueryKeys.templates, 'performance', range],
    queryFn: () => getTemplatePerformance(range),
  });

export function useTemplatePerformance(range: AnalyticsRange) {
  return useQuery(templatePerformanceQueryOptions(range));
}
