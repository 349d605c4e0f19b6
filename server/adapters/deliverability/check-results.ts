import type { DomainCheck } from '../../../contract/domain-health';

export const pass = (detail: string): DomainCheck => ({ status: 'pass', detail, advice: null });
export const warning = (detail: string, advice: string): DomainCheck => ({ status: 'warning', detail, advice });
export const fail = (detail: string, advice: string): DomainCheck => ({ status: 'fail', detail, advice });

/** DNS did not answer: the check says so and is never counted as a pass. */
export function unknown(what: string, error: unknown): DomainCheck {
  const code = (error as NodeJS.ErrnoException)?.code;
  return {
    status: 'unknown',
    detail: `DNS did not answer for ${what}${code ? ` (${code})` : ''}.`,
    advice: 'Check again later; if this stays, your DNS host may be down.',
  };
}
