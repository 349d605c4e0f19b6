import type { SmtpConnectRequest } from '@contract/accounts';

/** SSL/TLS: encrypted from the first byte. STARTTLS: starts plain and upgrades when the server offers it. */
export type ConnectionSecurity = 'ssl' | 'starttls';

/** One server's fields as typed; the port stays text until the form is sent. */
export type ServerFields = { host: string; port: string; security: ConnectionSecurity; user: string; password: string };

export type SmtpFormValues = {
  email: string;
  displayName: string;
  smtp: ServerFields;
  /** While true the IMAP fields are hidden and follow the SMTP ones (defaultImapFields). */
  imapSameAsSmtp: boolean;
  imap: ServerFields;
};

/** The usual port for each security choice; choosing a security fills it in. */
export const usualPorts = {
  smtp: { ssl: 465, starttls: 587 },
  imap: { ssl: 993, starttls: 143 },
} as const satisfies Record<'smtp' | 'imap', Record<ConnectionSecurity, number>>;

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
  smtp: emptyServer('ssl', usualPorts.smtp.ssl),
  imapSameAsSmtp: true,
  imap: emptyServer('ssl', usualPorts.imap.ssl),
};

/** The SMTP user name, which most providers take to be the email address when left blank. */
function smtpUser(values: Pick<SmtpFormValues, 'email' | 'smtp'>): string {
  return values.smtp.user.trim() || values.email.trim();
}

/** "Same as SMTP": the SMTP host, user and password, on IMAP's SSL/TLS port 993. */
export function defaultImapFields(values: Pick<SmtpFormValues, 'email' | 'smtp'>): ServerFields {
  return {
    host: values.smtp.host.trim(),
    port: String(usualPorts.imap.ssl),
    security: 'ssl',
    user: smtpUser(values),
    password: values.smtp.password,
  };
}

function toServerSettings(fields: ServerFields) {
  return {
    host: fields.host.trim(),
    port: Number(fields.port.trim()),
    secure: fields.security === 'ssl',
    user: fields.user.trim(),
    password: fields.password,
  };
}

/** The body of POST /api/email-accounts/smtp. IMAP is always sent in full, so the server tests what the user saw. */
export function toSmtpConnectRequest(values: SmtpFormValues): SmtpConnectRequest {
  const imap = values.imapSameAsSmtp ? defaultImapFields(values) : values.imap;
  return {
    email: values.email.trim(),
    displayName: values.displayName.trim() || null,
    smtp: toServerSettings({ ...values.smtp, user: smtpUser(values) }),
    imap: toServerSettings(imap),
  };
}

/** A port field's problem, or true when it holds a whole number from 1 to 65535. */
export function validatePort(value: string): true | string {
  const port = Number(value.trim());
  return /^\d+$/.test(value.trim()) && port >= 1 && port <= 65535 ? true : 'Enter a port from 1 to 65535';
}
