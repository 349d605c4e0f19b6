/**
 * Every error code the server gives its errors. Error answers carry only `{ message }` (docs/product.md §8); the codes are
 * the stable names the server's one HTTP mapping and one job-retry mapping decide by, and that logs show.
 */
export type ErrorCode =
  // Requests
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  /** The trial or subscription has ended: sending stops until the user subscribes. */
  | 'subscription_required'
  | 'cross_site'
  | 'not_found'
  | 'conflict'
  | 'unsupported_media_type'
  | 'payload_too_large'
  /** Large request bodies already fill the memory set aside for them: try again shortly. */
  | 'server_busy'
  | 'rate_limited'
  | 'internal'
  // Accounts and sign-in
  | 'email_taken'
  | 'invalid_credentials'
  | 'wrong_password'
  | 'password_reset_unavailable'
  | 'invalid_reset_link'
  // Leads
  | 'lead_exists'
  /** Setting a lead who unsubscribed themselves back to active needs their consent (resubscribeConfirmed). */
  | 'lead_unsubscribed'
  // Mailboxes
  | 'already_linked'
  | 'mailbox_check_failed'
  | 'oauth_not_configured'
  | 'daily_limit'
  | 'mail_auth'
  | 'mail_temporary'
  | 'mail_rate_limited'
  | 'mail_permanent'
  | 'mail_no_mailbox'
  | 'mail_blocked'
  | 'mail_uncertain'
  | 'credentials_unreadable'
  // Campaigns
  | 'campaign_waiting'
  | 'no_sending_account'
  /** A template filled in for one lead grows past what a mail may add (render-email.ts). */
  | 'email_too_large'
  // AI drafting
  | 'ai_timeout'
  | 'ai_refused'
  | 'ai_unusable'
  | 'ai_unreachable'
  // Market data (stock tips)
  | 'market_data_rate_limited'
  | 'market_data_unknown_symbol'
  | 'market_data_unavailable';
