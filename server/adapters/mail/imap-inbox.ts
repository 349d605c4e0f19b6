import type { ImapFlow } from 'imapflow';
import type { ServerSettings } from '../../../contract/accounts';
import type { ImapCursor, InboxCursor, InboxMessage, InboxReadResult, MailInbox } from './inbox';
import { INBOUND_MESSAGE_LIMIT_BYTES } from './inbox';
import { imapFailure } from './peer-answer';
import { TransportError } from './transport';

/**
 * The INBOX of an SMTP/IMAP account, read with imapflow. The folder is opened read-only (EXAMINE) and messages are
 * fetched with BODY.PEEK, so the user's mail keeps its flags: nothing becomes read, moved or deleted (a monitored
 * inbox marking people's real mail as read is the mistake Mautic's issue #6391 describes).
 */
export class ImapInbox implements MailInbox {
  private client: ImapFlow | null = null;

  constructor(
    private readonly settings: ServerSettings,
    /** The address the host guard resolved; the name stays for TLS. */
    private readonly address: string,
  ) {}

  async read(cursor: InboxCursor | null, options: { since: Date; limit: number }): Promise<InboxReadResult> {
    const client = await this.inbox();
    const mailbox = client.mailbox;
    if (!mailbox) throw new TransportError('temporary', 'The INBOX is not open.');
    const uidValidity = String(mailbox.uidValidity);
    const resumes = isImapCursor(cursor) && cursor.uidValidity === uidValidity;
    const after = resumes ? cursor.lastUid : 0;
    const found = resumes
      ? await client.search({ uid: `${after + 1}:*` }, { uid: true })
      : await client.search({ since: options.since }, { uid: true });
    // "N:*" names the last message even when its UID is below N: only UIDs after the cursor count.
    const uids = (found || []).filter((uid) => uid > after).sort((a, b) => a - b);
    const wanted = uids.slice(0, options.limit);
    const fetched: (InboxMessage & { uid: number })[] = [];
    if (wanted.length > 0) {
      // `source` is fetched as BODY.PEEK[]<0.limit>: reading does not set \Seen, and a message larger than the
      // limit comes as its beginning (its RFC822.SIZE tells), never whole (decision 0055).
      const query = { uid: true, size: true, source: { start: 0, maxLength: INBOUND_MESSAGE_LIMIT_BYTES } };
      for await (const message of client.fetch(wanted, query, { uid: true })) {
        if (!message.source) continue;
        const truncated = (message.size ?? 0) > message.source.length;
        fetched.push({ uid: message.uid, id: String(message.uid), source: message.source, truncated });
      }
      fetched.sort((a, b) => a.uid - b.uid);
    }
    const messages: InboxMessage[] = fetched.map(({ id, source, truncated }) => ({ id, source, truncated }));
    const lastUid = wanted.at(-1) ?? (resumes ? after : Math.max(0, Number(mailbox.uidNext) - 1));
    return { messages, cursor: { uidValidity, lastUid }, more: uids.length > wanted.length };
  }

  async waitForMail(options: { timeoutMs: number; signal?: AbortSignal }): Promise<boolean> {
    const client = await this.inbox();
    if (options.signal?.aborted) return false;
    return new Promise<boolean>((resolve) => {
      const finish = (arrived: boolean) => {
        clearTimeout(timer);
        client.off('exists', onExists);
        options.signal?.removeEventListener('abort', onAbort);
        resolve(arrived);
      };
      const onExists = () => finish(true);
      const onAbort = () => finish(false);
      const timer = setTimeout(() => finish(false), options.timeoutMs);
      client.on('exists', onExists);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      // imapflow enters IDLE by itself once the connection is quiet; a server without IDLE is polled by it (NOOP).
      client.idle().catch(() => finish(false));
    });
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.logout().catch(() => client.close());
  }

  /** The connection with INBOX open read-only, made on first use and again after it dropped. */
  private async inbox(): Promise<ImapFlow> {
    if (this.client?.usable) return this.client;
    await this.close();
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow({
      host: this.address,
      servername: this.settings.host.replace(/^\[|\]$/g, ''),
      port: this.settings.port,
      secure: this.settings.secure,
      // Security "None": stays plain even when the server offers STARTTLS.
      doSTARTTLS: this.settings.starttls === false ? false : undefined,
      auth: { user: this.settings.user, pass: this.settings.password },
      logger: false,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 5 * 60_000,
    });
    // imapflow reports socket trouble as an event too; without a listener it would crash the process.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.mailboxOpen('INBOX', { readOnly: true });
    } catch (error) {
      client.close();
      // The server's words only once it greeted as an IMAP server (decision 0056).
      throw imapFailure(error, client, this.settings, 'Could not read the INBOX');
    }
    this.client = client;
    return client;
  }
}

function isImapCursor(cursor: InboxCursor | null): cursor is ImapCursor {
  return cursor !== null && 'uidValidity' in cursor && typeof cursor.lastUid === 'number';
}
