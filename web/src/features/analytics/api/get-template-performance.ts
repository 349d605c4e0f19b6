import type { AnalyticsRange } from '@contract/analytics';
import type { TemplatePerformanceItem } from '@contract/templates';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** GET /api/templates/performance?range=: per template, the mails sent in the range and the share answered. */
export function useTemplatePerformance(range: AnalyticsRange) {
  return useQuery({
    // Under the templates key, so template changes and campaigns refresh it with the list.
    queryKey: [...sharedQueryKeys.templates, 'performance', range],
    queryFn: async (): Promise<TemplatePerformanceItem[]> =>
      (await apiRequest('GET', `/api/templates/performance?range=${range}`)).json(),
  });
}
