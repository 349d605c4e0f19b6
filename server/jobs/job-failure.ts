import type { ErrorCode } from '../../contract/errors';
import { AppError } from '../lib/app-error';
import { DomainError } from '../lib/domain-error';

/** What a job does about an error: try again (per its retry policy), try again after a wait, or stop. */
export type JobFailure =
  | { action: 'retry' }
  | { action: 'retry_after'; seconds: number }
  | { action: 'give_up'; reason: string };

/** Errors that pass if we wait: the other side is down, slow, or asked us to slow down. */
const PASSING: ReadonlySet<ErrorCode> = new Set(['mail_temporary', 'ai_timeout', 'ai_unreachable']);
/** Errors that pass after a wait the error itself states (Retry-After, the next local midnight). */
const WAIT: ReadonlySet<ErrorCode> = new Set(['mail_rate_limited', 'daily_limit', 'campaign_waiting']);

/**
 * The one place errors become job outcomes, as `error-handler.ts` is the one place they become HTTP answers.
 * Refused credentials, refused messages and bad input will not change by retrying, and a send that may have gone
 * out (`mail_uncertain`) must not be repeated; unknown errors (a bug, a dropped database connection) are retried
 * and end up failed in pg-boss when they persist.
 */
export function jobFailureFor(error: unknown): JobFailure {
  if (error instanceof DomainError) {
    if (WAIT.has(error.code)) return { action: 'retry_after', seconds: error.retryAfterSeconds ?? 60 };
    if (PASSING.has(error.code)) return { action: 'retry' };
    return { action: 'give_up', reason: error.message };
  }
  if (error instanceof AppError && error.status < 500) return { action: 'give_up', reason: error.message };
  return { action: 'retry' };
}
