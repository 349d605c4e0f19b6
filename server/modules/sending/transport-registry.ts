import { and, eq } from 'drizzle-orm';
import type { MailHostGuard } from '../../adapters/mail/host-guard';
import { ImapInbox } from '../../adapters/mail/imap-inbox';
import type { MailInbox } from '../../adapters/mail/inbox';
import type { OAuthProviderName, OAuthTokens } from '../../adapters/mail/oauth-provider';
import { type SmtpTimeouts, SmtpTransport } from '../../adapters/mail/smtp-transport';
import {
  CredentialsUnreadableError,
  type MailTransport,
  type OutgoingMail,
  type SendResult,
  TransportError,
} from '../../adapters/mail/transport';
import type { Database } from '../../db/client';
import { emailAccounts, providerConnections } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { messageForLog } from '../../lib/operator-detail';
import type { OperatorLog } from '../../lib/operator-log';
import type { SecretBox } from '../../lib/secret-box';
import type { WebhookEmitter } from '../webhooks/webhook-emitter';
import type { ConnectionCredentials } from './credentials';

/** Builds the HTTP API transport of an OAuth mailbox (Graph or Gmail); tokens it refreshes go to `save`. */
export type ApiTransportFactory = (
  provider: OAuthProviderName,
  tokens: OAuthTokens,
  save: (tokens: OAuthTokens) => Promise<void>,
) => MailTransport;

/** Builds the HTTP API reader of an OAuth mailbox (Graph or Gmail); tokens it refreshes go to `save`. */
export type ApiInboxFactory = (
  provider: OAuthProviderName,
  tokens: OAuthTokens,
  save: (tokens: OAuthTokens) => Promise<void>,
) => MailInbox;

/** A mailbox's stored connection: the provider and its sealed credentials. */
export type SenderConnection = { id: number; provider: string; credentials: string };

/** A transport and the sealed credentials it was built from (updated when it saves refreshed tokens). */
type CachedTransport = { transport: MailTransport; version: { sealed: string } };

export type TransportRegistry = ReturnType<typeof createTransportRegistry>;

/**
 * The right MailTransport for an account, shared by everything that sends (test mails, campaigns, replies).
 * Transports are kept between sends (SMTP keeps a small pool open), but the credentials are read from the
 * database at every send (or handed over as read with the account just before): when they changed (reconnected,
 * or an OAuth token refreshed by another process), the transport is built again, so a stale in-memory token never
 * wins.
 */
export function createTransportRegistry(deps: {
  db: Database;
  secrets: SecretBox;
  clock: Clock;
  smtpTimeouts?: Partial<SmtpTimeouts>;
  /** Every SMTP and IMAP host is checked and pinned here, so an account stored before a host was refused stops too. */
  mailHosts: MailHostGuard;
  apiTransport: ApiTransportFactory;
  apiInbox: ApiInboxFactory;
  /** A mailbox going into error is told to its owner's webhooks, once per time it goes. */
  webhookEvents: WebhookEmitter;
  events?: OperatorLog;
}) {
  const { db, secrets } = deps;
  const cache = new Map<number, CachedTransport>();

  function drop(accountId: number) {
    cache.get(accountId)?.transport.close();
    cache.delete(accountId);
  }

  function open(connection: SenderConnection): ConnectionCredentials {
    try {
      return secrets.open<ConnectionCredentials>(connection.credentials);
    } catch {
      throw new CredentialsUnreadableError();
    }
  }

  /**
   * Where refreshed OAuth tokens go. Saved only over the tokens the transport or reader started from: when another
   * process saved newer ones meanwhile, theirs stay, and the next use builds from them.
   */
  function tokenSaver(connection: SenderConnection, version: { sealed: string }) {
    return async (tokens: OAuthTokens) => {
      const sealed = secrets.seal(tokens);
      const [saved] = await db
        .update(providerConnections)
        .set({ credentials: sealed, updatedAt: deps.clock.now() })
        .where(and(eq(providerConnections.id, connection.id), eq(providerConnections.credentials, version.sealed)))
        .returning({ id: providerConnections.id });
      if (saved) version.sealed = sealed;
    };
  }

  async function build(connection: SenderConnection): Promise<CachedTransport> {
    const credentials = open(connection);
    const version = { sealed: connection.credentials };
    if (credentials.kind === 'smtp') {
      const address = await deps.mailHosts(credentials.smtp.host, 'SMTP');
      return { transport: new SmtpTransport(credentials.smtp, address, deps.smtpTimeouts), version };
    }
    // OAuth tokens are only ever stored for the sign-in providers.
    const provider = connection.provider as OAuthProviderName;
    return { transport: deps.apiTransport(provider, credentials, tokenSaver(connection, version)), version };
  }

  async function connectionOf(accountId: number): Promise<SenderConnection> {
    const [row] = await db
      .select({
        id: providerConnections.id,
        provider: providerConnections.provider,
        credentials: providerConnections.credentials,
      })
      .from(emailAccounts)
      .innerJoin(providerConnections, eq(providerConnections.id, emailAccounts.connectionId))
      .where(eq(emailAccounts.id, accountId));
    if (!row) throw new TransportError('permanent', 'This email account no longer exists.');
    return row;
  }

  async function transportFor(accountId: number, known?: SenderConnection): Promise<MailTransport> {
    const row = known ?? (await connectionOf(accountId));
    const cached = cache.get(accountId);
    if (cached?.version.sealed === row.credentials) return cached.transport;
    const built = await build(row);
    // Another send of this account may have built one meanwhile: keep one transport per account.
    const current = cache.get(accountId);
    if (current && current !== cached && current.version.sealed === row.credentials) {
      built.transport.close();
      return current.transport;
    }
    if (current) current.transport.close();
    cache.set(accountId, built);
    return built.transport;
  }

  async function setStatus(accountId: number, status: 'active' | 'error', reason: string | null) {
    await db.update(emailAccounts).set({ status, statusReason: reason }).where(eq(emailAccounts.id, accountId));
  }

  /**
   * Puts the account in `error` with the words its card shows; `mailbox.error` is queued with the change when it
   * was not in error already (a mailbox failing again and again is told once).
   */
  async function setError(accountId: number, reason: string) {
    await db.transaction(async (tx) => {
      const [was] = await tx
        .select({ status: emailAccounts.status })
        .from(emailAccounts)
        .where(eq(emailAccounts.id, accountId))
        .for('update');
      if (!was) return;
      const [account] = await tx
        .update(emailAccounts)
        .set({ status: 'error', statusReason: reason })
        .where(eq(emailAccounts.id, accountId))
        .returning({ id: emailAccounts.id, userId: emailAccounts.userId, email: emailAccounts.email });
      if (was.status === 'error') return;
      await deps.webhookEvents.emit(tx, {
        userId: account.userId,
        type: 'mailbox.error',
        data: { mailbox: { id: account.id, email: account.email }, message: reason },
      });
    });
  }

  /** Refused credentials put the account in `error` with the reason, and its transport is built again later. */
  async function noteRefusal(accountId: number, error: unknown) {
    if (error instanceof TransportError && error.kind === 'auth') {
      drop(accountId);
      await setError(accountId, error.message);
      deps.events?.({ event: 'mailbox.error', accountId, reason: messageForLog(error) });
    }
  }

  return {
    /**
     * Sends one message through the account. Refused credentials put the account in `error` with the reason;
     * a send that goes through clears an earlier error.
     */
    async send(
      account: { id: number; status: string },
      mail: OutgoingMail,
      /** The account's connection as just read with it (a campaign's reservation reads it); else read here. */
      connection?: SenderConnection,
    ): Promise<SendResult> {
      let result: SendResult;
      try {
        result = await (await transportFor(account.id, connection)).send(mail);
      } catch (error) {
        await noteRefusal(account.id, error);
        throw error;
      }
      if (account.status === 'error') await setStatus(account.id, 'active', null);
      return result;
    },

    /**
     * Whether the account's Sent folder holds a message with this Message-ID (Graph and Gmail accounts): true or
     * false as the provider answered, null when nothing can tell (SMTP accounts, provider unreachable, account
     * gone or its credentials refused, which puts it in `error` as a send would).
     */
    async findSent(account: { id: number }, messageId: string): Promise<boolean | null> {
      try {
        const transport = await transportFor(account.id);
        return transport.findSent ? await transport.findSent(messageId) : null;
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        await noteRefusal(account.id, error);
        return null;
      }
    },

    /**
     * A reader of the account's mailbox (its INBOX over IMAP, or the Graph or Gmail API), for one reading; the
     * caller closes it. Throws TransportError as sending does (`auth` for unreadable credentials).
     */
    async openInbox(accountId: number): Promise<MailInbox> {
      const connection = await connectionOf(accountId);
      const credentials = open(connection);
      if (credentials.kind === 'smtp') {
        // A send-only mailbox: the reader never opens it (its connection says it is not read); refused if asked to.
        if (!credentials.imap)
          throw new TransportError('permanent', 'This mailbox is connected without IMAP: replies are not read.');
        const address = await deps.mailHosts(credentials.imap.host, 'IMAP');
        return new ImapInbox(credentials.imap, address);
      }
      const version = { sealed: connection.credentials };
      return deps.apiInbox(connection.provider as OAuthProviderName, credentials, tokenSaver(connection, version));
    },

    /** Forgets the account's transport (disconnected, or reconnected with new credentials). */
    drop,

    close() {
      for (const id of [...cache.keys()]) drop(id);
    },
  };
}
