import type { ErrorCode } from '../../contract/errors';

/** The one error type services throw: a stable code, a message a person can read, an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, code: ErrorCode = 'bad_request') {
    return new AppError(code, message, 400);
  }
  static unauthorized(message = 'Unauthorized', code: ErrorCode = 'unauthorized') {
    return new AppError(code, message, 401);
  }
  static forbidden(message = 'You do not have permission to access this page.', code: ErrorCode = 'forbidden') {
    return new AppError(code, message, 403);
  }
  static notFound(message = 'Not found', code: ErrorCode = 'not_found') {
    return new AppError(code, message, 404);
  }
  static conflict(message: string, code: ErrorCode = 'conflict') {
    return new AppError(code, message, 409);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new AppError('rate_limited', message, 429, { 'retry-after': String(retryAfterSeconds) });
  }
}
