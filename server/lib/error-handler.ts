import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../contract/errors';
import { AppError } from './app-error';
import { DomainError } from './domain-error';
import { validationErrorMessage } from './validation-message';

/** What each domain error means over HTTP: the other side's trouble is 502, being told to wait is 429. */
const DOMAIN_STATUS: Partial<Record<ErrorCode, number>> = {
  daily_limit: 429,
  email_too_large: 400,
  mail_rate_limited: 429,
  mail_auth: 502,
  mail_temporary: 502,
  mail_permanent: 502,
  mail_no_mailbox: 502,
  mail_blocked: 502,
  mail_uncertain: 502,
  credentials_unreadable: 409,
  ai_timeout: 502,
  ai_unreachable: 502,
  ai_refused: 502,
  ai_unusable: 502,
  market_data_rate_limited: 429,
  market_data_unknown_symbol: 502,
  market_data_unavailable: 502,
};

/**
 * The one place errors become HTTP answers: every error leaves as `{ message }` with a fitting status, never a
 * stack trace (documenso's pattern).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).headers(error.headers).send({ message: error.message });
    }
    if (error instanceof DomainError) {
      const status = DOMAIN_STATUS[error.code] ?? 500;
      if (status >= 500) request.log.warn({ err: error }, 'request failed on an outside service');
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      // Operator words (settings, URLs) reach administrators only; the log keeps them for everyone's requests.
      const forAdmin = error.operatorDetail && request.currentUser?.isAdmin;
      const message = forAdmin
        ? `${error.message} Details for the administrator: ${error.operatorDetail}`
        : error.message;
      return reply.status(status).send({ message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext;
      const checked = context === 'querystring' ? request.query : context ? request[context] : request.body;
      return reply.status(400).send({ message: validationErrorMessage(error.validation, checked) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({ message: 'Text may not contain NUL characters or broken Unicode.' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'The request is too large. Send large uploads in smaller parts.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own 4xx (bad JSON, unsupported media type, body too large) carry readable messages.
    return reply.status(status).send({ message: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}

/** PostgreSQL refuses NUL (22021) and lone surrogates in JSON (22P05); that is bad input, not a server fault. */
function isUnstorableText(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  return code === '22021' || code === '22P05';
}

/**
 * Fastify's own refusals before routing (a URL that does not decode, such as `%ED%A0%80`; a path parameter over
 * its length limit) bypass the error handler; without this they answered with Fastify's fields and the whole URL
 * echoed back (100 KB of it).
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send({ message: 'This address is not valid.' });
}
