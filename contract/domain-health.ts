import { z } from 'zod';

/** How one check of a sending domain came out; unknown when DNS could not tell (never taken as a pass). */
export const checkStatusSchema = z.enum(['pass', 'warning', 'fail', 'unknown']);
export type CheckStatus = z.infer<typeof checkStatusSchema>;

/** One check: its outcome, what was found, and one sentence of what to do (null when nothing is to be done). */
export const domainCheckSchema = z.object({
  status: checkStatusSchema,
  detail: z.string(),
  advice: z.string().nullable(),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

export const DOMAIN_CHECK_NAMES = ['mx', 'spf', 'dkim', 'dmarc', 'blocklist'] as const;
export type DomainCheckName = (typeof DOMAIN_CHECK_NAMES)[number];

/** The health of an account's sending domain; null on an account not checked yet. */
export const accountHealthSchema = z.object({
  checkedAt: z.string(),
  domain: z.string(),
  mx: domainCheckSchema,
  spf: domainCheckSchema,
  dkim: domainCheckSchema,
  dmarc: domainCheckSchema,
  blocklist: domainCheckSchema,
});
export type AccountHealth = z.infer<typeof accountHealthSchema>;

export const DOMAIN_CHECK_LABELS: Record<DomainCheckName, string> = {
  mx: 'MX',
  spf: 'SPF',
  dkim: 'DKIM',
  dmarc: 'DMARC',
  blocklist: 'Blocklist',
};

/** The checks whose failure the dashboard's account select shows: mail failing them is rejected or filtered. */
export function failingAuthentication(health: AccountHealth | null): string[] {
  if (!health) return [];
  return (['spf', 'dmarc'] as const)
    .filter((name) => health[name].status === 'fail')
    .map((name) => DOMAIN_CHECK_LABELS[name]);
}
