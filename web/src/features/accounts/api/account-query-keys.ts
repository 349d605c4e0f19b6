// Keys are paths (SPEC §7: a read GETs its key's parts joined with '/').
export const accountQueryKeys = {
  list: ['/api/email-accounts'] as const,
  stats: ['/api/email-accounts/stats'] as const,
  providers: ['/api/email-accounts/providers'] as const,
  connections: ['/api/outlook-connections'] as const,
};
