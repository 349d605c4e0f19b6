/**
 * Cache keys that more than one feature touches: a feature refreshes or replaces another's reads through these,
 * since features do not import each other. Keys are paths (docs/product.md §7: a read GETs its key's parts joined with '/'),
 * so a prefix covers a family of reads. Keys used by one feature only stay in that feature's `api/`.
 */
export const sharedQueryKeys = {
  /** The signed-in user; sign-in, sign-up, sign-out and the profile form replace it. */
  currentUser: ['/api/auth/user'] as const,
  /** Every read of leads (lists, pages, details); the templates preview reads the first few. */
  leads: ['/api/leads'] as const,
  /** The connected mailboxes: the accounts screen and the dashboard's account select. */
  emailAccounts: ['/api/email-accounts'] as const,
  /** The accounts screen's sending figures; any account change (also from the dashboard) moves them. */
  emailAccountStats: ['/api/email-accounts/stats'] as const,
  /** The provider connections and which are linked to a mailbox. */
  outlookConnections: ['/api/outlook-connections'] as const,
  /** The user's templates: the templates screen and the dashboard's template select. */
  templates: ['/api/templates'] as const,
  /** Campaigns (list and each one); the dashboard starts them. */
  campaigns: ['/api/campaigns'] as const,
  /** Read by the dashboard's recipient picker; changes whenever leads do. */
  leadsWithSentWeeks: ['/api/leads-with-sent-weeks'] as const,
  /** Every read of prospects' replies (lists, threads); a campaign's bounces and replies add to them. */
  responses: ['/api/responses'] as const,
  /** The replies still needing a follow-up. */
  followupCount: ['/api/followups/count'] as const,
  /** Every lead's contact history; a campaign adds to it, and so do replies. */
  leadContactHistory: ['/api/lead-contact-history'] as const,
  /** The analytics charts (daily figures, best sending times); campaigns and replies change them. */
  analytics: ['/api/analytics'] as const,
  /** The dashboard's figures; change whenever leads do. */
  dashboardStats: ['/api/dashboard/stats'] as const,
  /** The marketing strategy: the onboarding screen writes it, a new sequence takes its defaults from it. */
  marketingStrategy: ['/api/marketing-strategy'] as const,
  /** The user's current stock tip: the Stock Tips page and the dashboard's footer preview. */
  stockTip: ['/api/stock-tip/current'] as const,
};
