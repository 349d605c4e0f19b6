// Keys are paths (SPEC §7: a read GETs its key's parts joined with '/').
export const templateQueryKeys = {
  list: ['/api/templates'] as const,
  performance: ['/api/templates/performance'] as const,
  detail: (id: number) => ['/api/templates', id] as const,
};
