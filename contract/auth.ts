import { z } from 'zod';
import { emailSchema } from './email-schema';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from './password';
import { sendingWindowSchema } from './sending-window';
import { SIGN_UP_MODES } from './sign-up';

export { MIN_PASSWORD_LENGTH } from './password';

export const subscriptionStatusSchema = z.enum(['trial', 'active', 'cancelled', 'expired']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The signed-in user as every auth and profile call returns it (docs/product.md §3 User). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  service: z.string().nullable(),
  preferredLocalClients: z.string().nullable(),
  subscriptionStatus: subscriptionStatusSchema,
  trialEndDate: z.string().nullable(),
  isAdmin: z.boolean(),
  /** IANA time zone; daily sending limits reset at local midnight there. */
  timezone: z.string(),
  /** Printed in the footer of every campaign mail; sending waits until it is set. */
  postalAddress: z.string().nullable(),
  /** Booking pages (a Calendly link…): a person's click on one in a mail counts as a meeting booked. */
  bookingUrls: z.array(z.string()),
  /** When sequence steps go out, in `timezone`: from, until (HH:mm) and ISO weekdays (1 = Monday). */
  sendingWindow: z.object({ start: z.string(), end: z.string(), days: z.array(z.number().int()) }),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

const email = emailSchema('Enter a valid email address');
const requiredText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(200, { error: `${label} must be at most 200 characters` });
const optionalText = z
  .string()
  .trim()
  .max(200)
  .nullish()
  // Left out: unchanged. Blank: cleared.
  .transform((value) => (value === undefined ? undefined : value || null));

/** An IANA zone name the runtime knows, e.g. "America/Chicago". */
export const timezoneSchema = z
  .string()
  .trim()
  .max(64)
  // Intl.supportedValuesOf omits aliases browsers report (Asia/Kolkata, Etc/UTC), so ask the formatter instead.
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'Unknown time zone' },
  );

export const loginRequestSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, { error: 'Email is required' }),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(MIN_PASSWORD_LENGTH, { error: PASSWORD_TOO_SHORT })
    .max(256, { error: 'Password must be at most 256 characters' }),
  firstName: optionalText,
  lastName: optionalText,
  companyName: requiredText('Company name'),
  industry: requiredText('Industry'),
  service: requiredText('Service'),
  preferredLocalClients: requiredText('Preferred local clients'),
  /**
   * The browser's zone, so "today" for sending limits is the user's own day. A zone this server does not know (an
   * older time zone database, a value that is no zone) never refuses a sign-up: the account starts on UTC, which
   * Settings changes.
   */
  timezone: timezoneSchema.optional().catch(undefined),
  /** The token of the invitation link the page was opened from, where sign-up is by invitation. */
  invitation: z.string().trim().min(1).max(200).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type RegisterInput = z.output<typeof registerRequestSchema>;

export const MAX_BOOKING_URLS = 5;

/** A booking page's address: a web address as typed (trimmed), http or https. */
export const bookingUrlSchema = z
  .string()
  .trim()
  .min(1, { error: 'A booking link cannot be empty', abort: true })
  .max(2000, { error: 'A booking link must be at most 2000 characters', abort: true })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: (issue) => `"${issue.input}" is not a web address: a booking link starts with http:// or https://` },
  );

export const bookingUrlsSchema = z
  .array(bookingUrlSchema)
  .max(MAX_BOOKING_URLS, { error: `Add at most ${MAX_BOOKING_URLS} booking links` })
  // A link listed twice is kept once.
  .transform((urls) => [...new Set(urls)]);

/** PUT /api/user/profile: the profile fields; no client-side validation is shown (docs/product.md §5). */
export const profileUpdateSchema = z.object({
  timezone: timezoneSchema.optional(),
  firstName: optionalText,
  lastName: optionalText,
  companyName: optionalText,
  industry: optionalText,
  service: optionalText,
  preferredLocalClients: optionalText,
  postalAddress: z
    .string()
    .trim()
    .max(500, { error: 'Postal address must be at most 500 characters' })
    .transform((value) => value || null)
    .optional(),
  bookingUrls: bookingUrlsSchema.optional(),
  sendingWindow: sendingWindowSchema.optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export type ProfileInput = z.output<typeof profileUpdateSchema>;

/** PUT /api/user/password: changing the password signs out every other session. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, { error: 'Current password is required' }),
  newPassword: registerRequestSchema.shape.password,
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;
export type PasswordChangeInput = z.output<typeof passwordChangeSchema>;

/** "Forgot password?": the address to send a reset link to. */
export const forgotPasswordSchema = z.object({ email: loginRequestSchema.shape.email });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordSchema>;

/** The reset link's token and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: 'The reset link is incomplete' }).min(1, { error: 'The reset link is incomplete' }).max(200),
  password: registerRequestSchema.shape.password,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordSchema>;

/** Whether this server can send reset links (SYSTEM_SMTP_URL is set). */
export const passwordResetOptionsSchema = z.object({ available: z.boolean() });
export type PasswordResetOptions = z.infer<typeof passwordResetOptionsSchema>;

/** The answer to "Forgot password?", the same whether or not the address has an account. */
export const RESET_LINK_SENT =
  'If an account exists for that address, a link to reset its password is on its way. It works for 30 minutes.';
/** Without a system mailbox, nobody can be sent a link: the administrator resets the password instead. */
export const RESET_UNAVAILABLE =
  'This server cannot send reset links. Ask your administrator: they can reset your password on the Admin page.';

/** GET /api/auth/register: who may sign up here, told before the form is filled (decision 0060). */
export const signUpOptionsSchema = z.object({
  mode: z.enum(SIGN_UP_MODES),
  /** No administrator exists yet: whoever becomes it may register even where sign-up is not open. */
  adminPending: z.boolean(),
});
export type SignUpOptions = z.infer<typeof signUpOptionsSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;
