import { API_KEY_AREAS, type ApiKeyArea, type ApiKeyScope } from '@contract/api-keys';

/** What a key may do in one area, as the form asks it. */
export type AreaAccess = 'none' | 'read' | 'write';

export const AREA_LABELS: Record<ApiKeyArea, string> = {
  leads: 'Leads',
  templates: 'Templates',
  campaigns: 'Campaigns',
  replies: 'Replies',
  analytics: 'Analytics',
};

/** The scopes of a choice per area: everything read or write as one scope, else one per area chosen. */
export function scopesOf(access: Record<ApiKeyArea, AreaAccess>): ApiKeyScope[] {
  const levels = API_KEY_AREAS.map((area) => access[area]);
  if (levels.every((level) => level === 'write')) return ['write'];
  if (levels.every((level) => level === 'read')) return ['read'];
  return API_KEY_AREAS.filter((area) => access[area] !== 'none').map(
    (area) => `${area}:${access[area]}` as ApiKeyScope,
  );
}

/** A key's scopes in words: "Read and write everything", "Leads: read and write · Analytics: read". */
export function scopesInWords(scopes: readonly string[]): string {
  if (scopes.includes('write')) return 'Read and write everything';
  const parts = API_KEY_AREAS.flatMap((area) => {
    if (scopes.includes(`${area}:write`)) return [`${AREA_LABELS[area]}: read and write`];
    if (scopes.includes(`${area}:read`)) return [`${AREA_LABELS[area]}: read`];
    return [];
  });
  if (scopes.includes('read')) return parts.length > 0 ? `Read everything · ${parts.join(' · ')}` : 'Read everything';
  return parts.join(' · ');
}
