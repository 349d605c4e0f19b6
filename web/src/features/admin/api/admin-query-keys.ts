/** The admin screen's reads; only this feature uses them. */
export const adminQueryKeys = {
  users: ['/api/admin/users'] as const,
  billing: ['/api/admin/billing'] as const,
  invitations: ['/api/admin/invitations'] as const,
};
