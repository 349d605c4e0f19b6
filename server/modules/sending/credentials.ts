import type { ServerSettings } from '../../../contract/accounts';
import type { OAuthTokens } from '../../adapters/mail/oauth-provider';

/**
 * What a connection's sealed credentials hold: SMTP and IMAP settings, or OAuth tokens. `imap` is absent for a
 * send-only mailbox (connected without IMAP): its replies are not read.
 */
export type SmtpCredentials = { kind: 'smtp'; smtp: ServerSettings; imap?: ServerSettings };
export type ConnectionCredentials = SmtpCredentials | OAuthTokens;
