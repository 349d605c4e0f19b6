import { FOLLOWUPS_PANEL_LIMIT } from '@contract/responses';
import { sharedQueryKeys } from '@/lib/query-keys';
import type { RepliesFilter } from '../lib/response-display';

// Keys are paths (docs/product.md §7: a read GETs its key's parts joined with '/'), so `all` covers lists and details.
export const responseQueryKeys = {
  all: sharedQueryKeys.responses,
  followups: ['/api/responses', { followupRequired: true, limit: FOLLOWUPS_PANEL_LIMIT }] as const,
  inbox: (filter: RepliesFilter) => ['/api/responses', { ...filter }] as const,
  details: (id: number) => ['/api/responses', id, 'details'] as const,
  followupCount: sharedQueryKeys.followupCount,
};
