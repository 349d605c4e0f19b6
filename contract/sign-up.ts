/**
 * Who may create an account on this server (decision 0060). Zod-free, so the sign-up page can use it without
 * loading zod into the public pages.
 */
export const SIGN_UP_MODES = ['open', 'invite', 'closed'] as const;
export type SignUpMode = (typeof SIGN_UP_MODES)[number];

/** The sign-up page and the server's 403s say these in the same words. */
export const SIGN_UP_CLOSED = 'Sign-up is closed on this server. Ask its administrator for an account.';
export const SIGN_UP_BY_INVITATION =
  'Sign-up on this server is by invitation only. Ask its administrator to invite you, then open the link in the invitation.';
export const INVITATION_INVALID = 'This invitation is invalid, used or expired. Ask the administrator for a new one.';
export const INVITATION_FOR_ANOTHER_ADDRESS =
  'This invitation was sent to another email address. Sign up with the address it was sent to.';
/** While no administrator exists, whoever becomes the administrator can register even where sign-up is not open. */
export const ADMINISTRATOR_SIGN_UP_ONLY =
  "This server has no administrator yet: only the administrator's account can be created now.";

/** How long an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;
