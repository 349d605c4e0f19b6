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
  /**
   * What only the server's operator can act on (a setting, a URL): never in the message a user reads; logged, and
   * shown to administrators after the message as "Details for the administrator: …".
   */
  operatorDetail?: string;

  constructor(message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = new.target.name;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** This error with the operator's detail (see operatorDetail). */
  withOperatorDetail(detail: string): this {
    this.operatorDetail = detail;
    return this;
  }
}
