import type { ErrorCode } from '../../contract/errors';

/**
 * An error an adapter or a shared module throws, in the domain's words and without any HTTP status: the HTTP
 * error handler (`server/lib/error-handler.ts`) and the job runner (`server/jobs/job-failure.ts`) each decide
 * from `code` what it means for them.
 */
export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;
  /** When the other side asked us to wait before trying again. */
  readonly retryAfterSeconds?: number;

  constructor(message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = new.target.name;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
