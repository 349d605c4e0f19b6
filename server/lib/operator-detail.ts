import { DomainError } from './domain-error';

/**
 * What introduces, in an administrator's answer, what only the server's operator can act on: a user never reads an
 * environment variable, a setting's name or a code (docs/product.md §8, decision 0068).
 */
export const ADMIN_DETAIL_LABEL = 'Details for the administrator:';

/** The message as its reader gets it: an administrator also reads the operator's detail, after the plain words. */
export function messageForReader(message: string, detail: string | undefined, isAdmin: boolean): string {
  return detail && isAdmin ? `${message} ${ADMIN_DETAIL_LABEL} ${detail}` : message;
}

/** An error as the log keeps it: its message, then the operator's detail when it has one. */
export function messageForLog(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const detail = error instanceof DomainError ? error.operatorDetail : undefined;
  return detail ? `${error.message} (${detail})` : error.message;
}

/**
 * What a user may read of any error: a domain error's own plain message, else `fallback` (an unexpected error's
 * text is a library's: codes such as ECONNRESET, or a stack).
 */
export function plainMessageOf(error: unknown, fallback: string): string {
  return error instanceof DomainError ? error.message : fallback;
}
