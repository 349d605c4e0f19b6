import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  type AccountStats,
  imapSettingsWithDefaults,
  type ProviderConnection,
  type ServerSettings,
  type TestEmailResponse,
  type UpdateAccountRequest,
} from '../../../contract/accounts';
import type { MailHostGuard } from '../../adapters/mail/host-guard';
import { verifyImap } from '../../adapters/mail/imap-check';
import type { OAuthProviderName, OAuthTokens } from '../../adapters/mail/oauth-provider';
import { verifySmtp } from '../../adapters/mail/smtp-transport';
import { TransportError } from '../../adapters/mail/transport';
import { type Database, queryRows } from '../../db/client';
import {
  campaignRecipients,
  type EmailAccountRow,
  emailAccounts,
  inboxCursors,
  type ProviderConnectionRow,
  providerConnections,
  type UserRow,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { messageForReader } from '../../lib/operator-detail';
import type { OperatorLog } from '../../lib/operator-log';
import type { RateLimiter } from '../../lib/rate-limiter';
import { resourceId } from '../../lib/resource-id';
import type { SecretBox } from '../../lib/secret-box';
import type { SmtpCredentials } from '../sending/credentials';
import type { SendAllowance } from '../sending/send-allowance';
import { lastErrorOf, outcomeOfFailedSend } from '../sending/send-outcome';
import type { TransportRegistry } from '../sending/transport-registry';
import { toAccountDto } from './account.dto';
import type { AccountHealthService } from './account-health.service';

type SmtpConnectInput = {
  email: string;
  displayName?: string | null;
  smtp: ServerSettings;
  imap?: Partial<ServerSettings>;
  warmupEnabled?: boolean;
};

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Mailbox connection attempts a user may make in a minute: each dials the servers the user names, so without a
 * limit the form would probe hosts and ports as fast as it is sent (decision 0056). Ten is more than anyone
 * correcting a typo needs.
 */
const CONNECT_ATTEMPTS_PER_MINUTE = 10;

/** Connecting mailboxes, linking them as sending accounts, their limits and test mails. */
export function createAccountsService(deps: {
  db: Database;
  secrets: SecretBox;
  clock: Clock;
  allowance: SendAllowance;
  transports: TransportRegistry;
  mailHosts: MailHostGuard;
  limiter: RateLimiter;
  /** Starts reading a newly linked mailbox for replies now, not at the next minute's schedule. */
  startReading(accountId: number): Promise<unknown>;
  health: AccountHealthService;
  /** Queues the first health check of a newly linked account's domain. */
  checkHealthSoon(accountId: number): Promise<unknown>;
  events?: OperatorLog;
}) {
  const { db, secrets, clock, allowance, transports } = deps;
  const connected = (account: EmailAccountRow, provider: ProviderConnectionRow['provider']) =>
    deps.events?.({ event: 'mailbox.connected', accountId: account.id, userId: account.userId, provider });
  const today = (account: EmailAccountRow, user: UserRow) => ({
    ...allowance.current(account, user),
    warmup: allowance.warmup(account, user),
  });
  type ConnectionKind = Pick<ProviderConnectionRow, 'provider' | 'readsReplies'>;
  const dto = (account: EmailAccountRow, connection: ConnectionKind, user: UserRow) =>
    toAccountDto(account, connection, today(account, user));

  /** The columns that turn warm-up off (already warm) or on again from day 1 today; nothing when unchanged. */
  const warmupChange = (account: EmailAccountRow | null, user: UserRow, enabled: boolean | undefined) => {
    if (enabled === undefined || enabled === account?.warmupEnabled) return {};
    return enabled ? { warmupEnabled: true, warmupStartDate: allowance.today(user) } : { warmupEnabled: false };
  };

  async function ownedAccount(user: UserRow, rawId: string) {
    const id = resourceId(rawId, 'Email account not found');
    const [row] = await db
      .select({ account: emailAccounts, connection: providerConnections })
      .from(emailAccounts)
      .innerJoin(providerConnections, eq(providerConnections.id, emailAccounts.connectionId))
      .where(and(eq(emailAccounts.id, id), eq(emailAccounts.userId, user.id)));
    if (!row) throw AppError.notFound('Email account not found');
    return row;
  }

  /**
   * Creates the sending account for a connection; a connection links to at most one account. Its warm-up ramp
   * starts today (the user's local date) unless the mailbox is already warm.
   */
  async function linkAccount(
    user: UserRow,
    connection: Pick<ProviderConnectionRow, 'id' | 'email' | 'readsReplies'>,
    displayName?: string | null,
    warmupEnabled = true,
  ) {
    const [account] = await db
      .insert(emailAccounts)
      .values({
        userId: user.id,
        connectionId: connection.id,
        email: connection.email,
        displayName: displayName || null,
        ...warmupChange(null, user, warmupEnabled),
      })
      .onConflictDoNothing({ target: emailAccounts.connectionId })
      .returning();
    if (!account) throw AppError.conflict('This connection is already linked to an account', 'already_linked');
    // A send-only mailbox (SMTP without IMAP) is never read.
    if (connection.readsReplies) await deps.startReading(account.id);
    await deps.checkHealthSoon(account.id);
    return account;
  }

  /** Stores a mailbox's credentials, replacing those of the same mailbox when it was connected before. */
  async function saveConnection(
    user: UserRow,
    provider: 'smtp' | 'outlook' | 'gmail',
    email: string,
    credentials: string,
    readsReplies = true,
  ) {
    const sameMailbox = and(
      eq(providerConnections.userId, user.id),
      eq(providerConnections.provider, provider),
      sql`lower(${providerConnections.email}) = lower(${email})`,
    );
    const replace = () =>
      db
        .update(providerConnections)
        .set({ credentials, readsReplies, updatedAt: clock.now() })
        .where(sameMailbox)
        .returning();
    const [updated] = await replace();
    if (updated) return updated;
    // Two connects of the same new mailbox at once: the unique index lets one insert win; the other updates it.
    const [created] = await db
      .insert(providerConnections)
      .values({ userId: user.id, provider, email, credentials, readsReplies })
      .onConflictDoNothing()
      .returning();
    return created ?? (await replace())[0];
  }

  /**
   * The account of a (re)connected mailbox: created when missing; when it exists, its new credentials take effect
   * and an earlier authentication error is cleared.
   */
  async function accountForConnection(
    user: UserRow,
    connection: ProviderConnectionRow,
    displayName?: string | null,
    warmupEnabled?: boolean,
  ) {
    const [existing] = await db.select().from(emailAccounts).where(eq(emailAccounts.connectionId, connection.id));
    if (!existing) {
      const account = await linkAccount(user, connection, displayName, warmupEnabled);
      connected(account, connection.provider);
      return dto(account, connection, user);
    }
    transports.drop(existing.id);
    const [refreshed] = await db
      .update(emailAccounts)
      .set({
        status: 'active',
        statusReason: null,
        displayName: displayName || existing.displayName,
        ...warmupChange(existing, user, warmupEnabled),
      })
      .where(eq(emailAccounts.id, existing.id))
      .returning();
    connected(refreshed, connection.provider);
    // New credentials are tried at once (unless a reading already waits, e.g. the pause after a failed one).
    if (connection.readsReplies) await deps.startReading(existing.id);
    return dto(refreshed, connection, user);
  }

  return {
    async list(user: UserRow) {
      // The cursor is keyed by account id, so each account adds one primary-key lookup.
      const rows = await db
        .select({
          account: emailAccounts,
          provider: providerConnections.provider,
          readsReplies: providerConnections.readsReplies,
          // Flat, not nested: Drizzle answered a left-joined nested object with a null lastReadAt as null, losing lastError.
          lastReadAt: inboxCursors.lastReadAt,
          lastError: inboxCursors.lastError,
        })
        .from(emailAccounts)
        .innerJoin(providerConnections, eq(providerConnections.id, emailAccounts.connectionId))
        .leftJoin(inboxCursors, eq(inboxCursors.accountId, emailAccounts.id))
        .where(eq(emailAccounts.userId, user.id))
        .orderBy(emailAccounts.createdAt, emailAccounts.id);
      return rows.map(({ account, provider, readsReplies, ...reading }) =>
        toAccountDto(account, { provider, readsReplies }, today(account, user), reading),
      );
    },

    /** Messages sent since the user's local midnight and since the start of their week (Monday). */
    async stats(user: UserRow): Promise<AccountStats> {
      const now = clock.now().toISOString();
      // Local midnight and local Monday as instants, so the (user_id, sent_at) index serves the range.
      const [row] = await queryRows<AccountStats>(
        db,
        sql`WITH bounds AS (
              SELECT date_trunc('day', ${now}::timestamptz AT TIME ZONE ${user.timezone}) AT TIME ZONE ${user.timezone} AS day_start,
                     date_trunc('week', ${now}::timestamptz AT TIME ZONE ${user.timezone}) AT TIME ZONE ${user.timezone} AS week_start
            )
            SELECT count(*) FILTER (WHERE sent_at >= bounds.day_start)::int AS "emailsSentToday",
                   count(*)::int AS "emailsSentThisWeek"
            FROM campaign_recipients, bounds
            WHERE user_id = ${user.id} AND state = 'sent' AND sent_at >= bounds.week_start`,
      );
      return row ?? { emailsSentToday: 0, emailsSentThisWeek: 0 };
    },

    async connections(user: UserRow): Promise<ProviderConnection[]> {
      const rows = await db
        .select({
          id: providerConnections.id,
          email: providerConnections.email,
          provider: providerConnections.provider,
          accountId: emailAccounts.id,
        })
        .from(providerConnections)
        .leftJoin(emailAccounts, eq(emailAccounts.connectionId, providerConnections.id))
        .where(eq(providerConnections.userId, user.id))
        .orderBy(providerConnections.createdAt, providerConnections.id);
      return rows.map(({ accountId, ...row }) => ({ ...row, linked: accountId !== null }));
    },

    /**
     * Proves SMTP (and IMAP, when given) works, then stores the connection (encrypted) and its sending account.
     * Without IMAP the mailbox only sends: its replies and bounces are not read.
     */
    async connectSmtp(user: UserRow, input: SmtpConnectInput) {
      await deps.limiter.enforce([{ key: `mailbox-connect:user:${user.id}`, limit: CONNECT_ATTEMPTS_PER_MINUTE }]);
      const imap = input.imap === undefined ? undefined : imapSettingsWithDefaults(input.smtp, input.imap);
      try {
        // Both hosts are checked before either is dialled.
        const smtpAddress = await deps.mailHosts(input.smtp.host, 'SMTP');
        const imapAddress = imap && (await deps.mailHosts(imap.host, 'IMAP'));
        await verifySmtp(input.smtp, smtpAddress);
        if (imap && imapAddress) await verifyImap(imap, imapAddress);
      } catch (error) {
        // The library's words (a socket error's code) are an administrator's detail only (docs/product.md §8).
        if (error instanceof TransportError) {
          const message = messageForReader(error.message, error.operatorDetail, user.isAdmin);
          throw AppError.badRequest(message, 'mailbox_check_failed');
        }
        throw error;
      }
      const sealed: SmtpCredentials = { kind: 'smtp', smtp: input.smtp, ...(imap && { imap }) };
      const connection = await saveConnection(user, 'smtp', input.email, secrets.seal(sealed), imap !== undefined);
      return accountForConnection(user, connection, input.displayName, input.warmupEnabled);
    },

    /** After a Microsoft or Google sign-in: stores the tokens and makes sure the mailbox has an account. */
    async connectOAuth(user: UserRow, provider: OAuthProviderName, email: string, tokens: OAuthTokens) {
      const connection = await saveConnection(user, provider, email, secrets.seal(tokens));
      return accountForConnection(user, connection, null);
    },

    async linkConnection(user: UserRow, input: { connectionId: number; displayName?: string | null }) {
      const [connection] = await db
        .select()
        .from(providerConnections)
        .where(and(eq(providerConnections.id, input.connectionId), eq(providerConnections.userId, user.id)));
      if (!connection) throw AppError.notFound('Connection not found');
      const account = await linkAccount(user, connection, input.displayName);
      connected(account, connection.provider);
      return dto(account, connection, user);
    },

    async update(user: UserRow, rawId: string, input: UpdateAccountRequest) {
      const { account, connection } = await ownedAccount(user, rawId);
      const changes = {
        ...(input.displayName !== undefined && { displayName: input.displayName || null }),
        ...(input.dailyLimit !== undefined && { dailyLimit: input.dailyLimit }),
        ...(input.sendsPerMinute !== undefined && { sendsPerMinute: input.sendsPerMinute }),
        ...warmupChange(account, user, input.warmupEnabled),
      };
      if (Object.keys(changes).length === 0) return dto(account, connection, user);
      const [updated] = await db.update(emailAccounts).set(changes).where(eq(emailAccounts.id, account.id)).returning();
      return dto(updated, connection, user);
    },

    /** Checks the account's sending domain now ("Check again") and answers the account with the new health. */
    async checkHealth(user: UserRow, rawId: string) {
      const { account, connection } = await ownedAccount(user, rawId);
      const health = await deps.health.check(account, connection);
      return dto({ ...account, health }, connection, user);
    },

    /** Deletes the account and keeps its connection, so it can be linked again without signing in again. */
    async disconnect(user: UserRow, rawId: string) {
      const { account } = await ownedAccount(user, rawId);
      await db.delete(emailAccounts).where(eq(emailAccounts.id, account.id));
      transports.drop(account.id);
    },

    /** Sends a short message through the account's real transport; it counts against the daily limit. */
    async sendTestEmail(user: UserRow, rawId: string, to: string): Promise<TestEmailResponse> {
      const { account } = await ownedAccount(user, rawId);
      const reservation = await allowance.reserve(user, account);
      const messageId = `<${randomUUID()}@${account.email.split('@')[1] ?? 'localreach.local'}>`;
      const subject = 'LocalReach test email';
      const text = `This is a test email from LocalReach, sent through ${account.email}. If you can read it, this account is ready to send campaigns.`;
      const record = (state: 'sent' | 'unknown', lastError: string | null = null) =>
        db.insert(campaignRecipients).values({
          kind: 'test',
          userId: user.id,
          accountId: account.id,
          toAddress: to,
          state,
          attempts: 1,
          lastError,
          subject,
          messageId,
          sentAt: state === 'sent' ? clock.now() : null,
        });
      try {
        await transports.send(account, {
          from: { name: account.displayName, address: account.email },
          to,
          subject,
          text,
          html: `<p>${text}</p>`,
          messageId,
        });
      } catch (error) {
        // A mail that may have gone is on record as unknown; one the provider refused is not kept.
        if (outcomeOfFailedSend(error) === 'unknown') await record('unknown', lastErrorOf(error));
        else await allowance.release(reservation);
        throw error;
      }
      await record('sent');
      return { message: `Test email sent to ${to}`, messageId };
    },
  };
}
