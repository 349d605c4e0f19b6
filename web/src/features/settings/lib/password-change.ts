import { type PasswordChange, passwordChangeSchema } from '@contract/auth';

export type PasswordForm = PasswordChange & { confirmPassword: string };
export type PasswordFormErrors = Partial<Record<keyof PasswordForm, string>>;

export const PASSWORDS_DIFFER = 'Passwords do not match';

/** The change to send, or each field's first problem in the contract's words (the server's own checks). */
export function checkPasswordChange(form: PasswordForm): { change: PasswordChange } | { errors: PasswordFormErrors } {
  const errors: PasswordFormErrors = {};
  const parsed = passwordChangeSchema.safeParse(form);
  for (const issue of parsed.error?.issues ?? []) {
    errors[issue.path[0] as keyof PasswordForm] ??= issue.message;
  }
  if (form.confirmPassword !== form.newPassword) errors.confirmPassword = PASSWORDS_DIFFER;
  if (Object.keys(errors).length > 0) return { errors };
  return { change: { currentPassword: form.currentPassword, newPassword: form.newPassword } };
}

/**
 * The field a server message names ("currentPassword: Current password is incorrect"), to show it under that field;
 * null for a message about no field of the form (too many attempts, a lost connection), which goes in a toast.
 */
export function passwordFieldError(message: string): PasswordFormErrors | null {
  const match = /^(currentPassword|newPassword): (.+)$/s.exec(message);
  return match ? { [match[1] as keyof PasswordForm]: match[2] } : null;
}
