import { z } from 'zod';
import { accountStatusSchema } from './accounts';
import { subscriptionStatusSchema } from './auth';
import { emailSchema } from './email-schema';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from './password';
import { SIGN_UP_MODES } from './sign-up';

/** docs/product.md §5: the Reset Password dialog's messages. */
export const ADMIN_RESET_MESSAGES = {
  required: 'Please enter a new password',
  tooShort: PASSWORD_TOO_SHORT,
} as const;

/** docs/product.md §3 Admin user row, plus (beyond the product rules) the subscription and the health of the user's mailboxes. */
export const adminUserRowSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    isAdmin: z.boolean(),
  }),
  stats: z.object({
    totalLeads: z.number().int(),
    activeLeads: z.number().int(),
    totalCampaigns: z.number().int(),
    /** The figures of contract/mail-figures.ts. */
    totalEmailsSent: z.number().int(),
    /** Beyond the product rules: the base of the rates, so that the overall rates are the dashboard's on the same mails. */
    emailsDelivered: z.number().int(),
    emailsOpened: z.number().int(),
    emailsClicked: z.number().int(),
    emailsResponded: z.number().int(),
    /** mailRates: percent with one decimal, of the emails delivered. */
    openRate: z.number(),
    clickRate: z.number(),
    responseRate: z.number(),
    /** When the user's newest campaign started; null when they never started one. */
    lastCampaignDate: z.string().nullable(),
  }),
  subscriptionStatus: subscriptionStatusSchema,
  accounts: z.array(
    z.object({
      email: z.string(),
      status: accountStatusSchema,
      statusReason: z.string().nullable(),
      sentToday: z.number().int(),
    }),
  ),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export type AdminUserStats = AdminUserRow['stats'];

/** POST /api/admin/reset-password (docs/product.md §7). */
export const adminResetPasswordSchema = z.object({
  userId: z.string({ error: 'userId is required' }),
  newPassword: z
    .string({ error: ADMIN_RESET_MESSAGES.required })
    .min(1, { error: ADMIN_RESET_MESSAGES.required, abort: true })
    .min(MIN_PASSWORD_LENGTH, { error: ADMIN_RESET_MESSAGES.tooShort })
    .max(256, { error: 'Password must be at most 256 characters' }),
});
export type AdminResetPassword = z.infer<typeof adminResetPasswordSchema>;

/** POST /api/admin/users/{id}/role (beyond the product rules): make a user an admin, or an ordinary user again. */
export const adminRoleChangeSchema = z.object({ isAdmin: z.boolean({ error: 'isAdmin must be true or false' }) });
export type AdminRoleChange = z.infer<typeof adminRoleChangeSchema>;

export const LAST_ADMIN_MESSAGE = 'There must always be at least one admin: make another user an admin first.';

/**
 * POST /api/admin/users/{id}/subscription (beyond the product rules): an admin sets a subscription by hand, on a server without
 * Stripe. `periodEnd` is when the trial ends (trial), the paid period ends (active), or access ends (cancelled);
 * it must be in the future, and an expired subscription has none.
 */
export const adminSubscriptionChangeSchema = z.object({
  status: subscriptionStatusSchema,
  periodEnd: z.iso.datetime({ offset: true, error: 'periodEnd must be an ISO date and time' }).optional(),
});
export type AdminSubscriptionChange = z.infer<typeof adminSubscriptionChangeSchema>;

/** GET /api/admin/billing: whether Stripe keeps the subscriptions (then they are not set by hand). */
export const adminBillingSchema = z.object({ configured: z.boolean() });
export type AdminBilling = z.infer<typeof adminBillingSchema>;

export const BILLING_BY_STRIPE_MESSAGE =
  'Billing is handled by Stripe on this server: change the subscription in Stripe.';
export const PERIOD_END_PAST_MESSAGE = 'The end date must be in the future.';
/** Days a paid period set by hand lasts when no end is given (a month, as Stripe bills). */
export const HAND_SET_PERIOD_DAYS = 30;
export const EXPIRED_HAS_NO_END_MESSAGE = 'An expired subscription has no end date.';

/** A pending invitation to sign up (beyond the product rules, decision 0060): not used yet, not expired. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The email of the administrator who sent it; null when that account is gone. */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/admin/invitations: the pending invitations, who may sign up here, and whether invitations are mailed. */
export const invitationListSchema = z.object({
  signUp: z.enum(SIGN_UP_MODES),
  /** This server has a system mailbox: invitations go by email, else the administrator passes the link on. */
  mailAvailable: z.boolean(),
  invitations: z.array(invitationSchema),
});
export type InvitationList = z.infer<typeof invitationListSchema>;

/** POST /api/admin/invitations. */
export const inviteRequestSchema = z.object({ email: emailSchema('Enter a valid email address') });
export type InviteRequest = z.input<typeof inviteRequestSchema>;

/** The invitation made: its link (to pass on when it was not mailed), whether it was mailed, and what to tell the admin. */
export const invitationSentSchema = z.object({
  invitation: invitationSchema,
  link: z.string(),
  mailed: z.boolean(),
  message: z.string(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

export const INVITE_WHILE_CLOSED_MESSAGE = 'Sign-up is closed on this server, so nobody can use an invitation.';
export const INVITE_ACCOUNT_EXISTS_MESSAGE = 'An account with this email already exists.';
