import type { MatchingLeadIds } from '@contract/leads';
import { apiRequest } from '@/lib/api';

/** GET /api/leads-with-sent-weeks/ids?filter=: every matching lead's id, for "select all matching". */
export async function getMatchingLeadIds(filter: string): Promise<MatchingLeadIds> {
  return (await apiRequest('GET', `/api/leads-with-sent-weeks/ids?filter=${encodeURIComponent(filter)}`)).json();
}
