import { AppError } from './app-error';

/** A numeric id from the URL; anything else is the resource's 404, like an id that belongs to someone else. */
export function resourceId(raw: string, notFoundMessage: string): number {
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw AppError.notFound(notFoundMessage);
  return id;
}
