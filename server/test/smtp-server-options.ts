import type { SMTPServerOptions } from 'smtp-server';

/**
 * How every SMTP peer of the tests listens: plain TCP on loopback with AUTH PLAIN or LOGIN and no STARTTLS (as a
 * provider's submission port would, minus the certificate), and no logging.
 */
export const loopbackSmtpOptions = {
  secure: false,
  disabledCommands: ['STARTTLS'],
  authMethods: ['PLAIN', 'LOGIN'],
  allowInsecureAuth: true,
  logger: false,
} satisfies SMTPServerOptions;
