/**
 * The one email-address rule, for every address the app takes in (sign-up, leads, CSV rows, mailboxes, test
 * mails). It is zod's default pattern, the stricter of the two the app used to have: ASCII letters, digits and
 * `_'+-` in dot-separated local parts (no leading, trailing or doubled dot), a domain of letter-or-digit labels and
 * a letter-only top-level domain of two or more letters. Zod-free, so the public pages can use it without zod.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** RFC 5321's limit on a forward path. */
export const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}
