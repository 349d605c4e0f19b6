import { ADMIN_RESET_MESSAGES } from '@contract/admin';
import { MIN_PASSWORD_LENGTH } from '@contract/password';

/** docs/product.md §5, the Reset Password dialog: what is wrong before anything is sent, or null when it may be sent. */
export function resetPasswordProblem(userId: string | undefined, password: string): string | null {
  if (!userId || password === '') return ADMIN_RESET_MESSAGES.required;
  if (password.length < MIN_PASSWORD_LENGTH) return ADMIN_RESET_MESSAGES.tooShort;
  return null;
}
