import { imapSettingsWithDefaults, type SmtpConnectRequest, USUAL_PORTS } from '@contract/accounts';

/**
 * SSL/TLS: encrypted from the first byte. STARTTLS: starts plain and upgrades when the server offers it. None:
 * stays plain (a local relay), so the password travels in clear text.
 */
export type ConnectionSecurity = 'ssl' | 'starttls' | 'none';

/** One server's fields as typed; the port stays text until the form is sent. */
export type ServerFields = { host: string; port: string; security: ConnectionSecurity; user: string; password: string };

export type SmtpFormValues = {
  email: string;
  displayName: string;
  smtp: ServerFields;
  /** "Also read replies (IMAP)": off connects a send-only mailbox, whose replies and bounces are not read. */
  readReplies: boolean;
  /** While true the IMAP fields are hidden and follow the SMTP ones (defaultImapFields). */
  imapSameAsSmtp: boolean;
  imap: ServerFields;
};

/** The usual port for each security choice; choosing a security fills it in. */
export function usualPort(server: 'smtp' | 'imap', security: ConnectionSecurity): number {
  if (security === 'none') return USUAL_PORTS[server].plain;
  return security === 'ssl' ? USUAL_PORTS[server].secure : USUAL_PORTS[server].starttls;
}

/**
 * The port after the security changes from `previous` to `next`: the new choice's usual port while the field is
 * empty or still holds the previous choice's usual one, else the port as typed (None silently turned a
 * typed 2525 into 25, and the error then named port 25).
 */
export function portForSecurity(
  server: 'smtp' | 'imap',
  port: string,
  previous: ConnectionSecurity,
  next: ConnectionSecurity,
): string {
  const typed = port.trim();
  return typed === '' || typed === String(usualPort(server, previous)) ? String(usualPort(server, next)) : port;
}

const emptyServer = (security: ConnectionSecurity, port: number): ServerFields => ({
  host: '',
  port: String(port),
  security,
  user: '',
  password: '',
});

export const emptySmtpForm: SmtpFormValues = {
  email: '',
  displayName: '',
  smtp: emptyServer('ssl', usualPort('smtp', 'ssl')),
  readReplies: true,
  imapSameAsSmtp: true,
  imap: emptyServer('ssl', usualPort('imap', 'ssl')),
};

/** The SMTP user name, which most providers take to be the email address when left blank. */
function smtpUser(values: Pick<SmtpFormValues, 'email' | 'smtp'>): string {
  return values.smtp.user.trim() || values.email.trim();
}

function toServerSettings(fields: ServerFields) {
  return {
    host: fields.host.trim(),
    port: Number(fields.port.trim()),
    secure: fields.security === 'ssl',
    ...(fields.security === 'none' && { starttls: false }),
    user: fields.user.trim(),
    password: fields.password,
  };
}

/** "Same as SMTP": the server's own defaults (contract/accounts.ts), shown in the form's terms. */
export function defaultImapFields(values: Pick<SmtpFormValues, 'email' | 'smtp'>): ServerFields {
  const imap = imapSettingsWithDefaults(toServerSettings({ ...values.smtp, user: smtpUser(values) }));
  return {
    host: imap.host,
    port: String(imap.port),
    security: imap.secure ? 'ssl' : imap.starttls === false ? 'none' : 'starttls',
    user: imap.user,
    password: imap.password,
  };
}

/**
 * The body of POST /api/email-accounts/smtp. IMAP, when replies are read, is sent in full, so the server tests what
 * the user saw; left out, the mailbox only sends.
 */
export function toSmtpConnectRequest(values: SmtpFormValues): SmtpConnectRequest {
  const imap = values.imapSameAsSmtp ? defaultImapFields(values) : values.imap;
  return {
    email: values.email.trim(),
    displayName: values.displayName.trim() || null,
    smtp: toServerSettings({ ...values.smtp, user: smtpUser(values) }),
    ...(values.readReplies && { imap: toServerSettings(imap) }),
  };
}

/** A port field's problem, or true when it holds a whole number from 1 to 65535. */
export function validatePort(value: string): true | string {
  const port = Number(value.trim());
  return /^\d+$/.test(value.trim()) && port >= 1 && port <= 65535 ? true : 'Enter a port from 1 to 65535';
}
