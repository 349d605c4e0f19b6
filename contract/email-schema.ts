import { z } from 'zod';
import { isValidEmail } from './email';

/** An email field under the one rule (`isValidEmail`): trimmed, lower-cased, `message` when it is not an address. */
export function emailSchema(message: string) {
  return z.string({ error: message }).trim().toLowerCase().refine(isValidEmail, { error: message });
}
