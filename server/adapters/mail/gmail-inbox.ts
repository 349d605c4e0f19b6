import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../lib/clock';
import { readCappedBody } from './capped-body';
import type { GmailCursor, InboxCursor, InboxMessage, InboxReadResult, MailInbox } from './inbox';
import { INBOUND_MESSAGE_LIMIT_BYTES } from './inbox';
import type { OAuthProvider, OAuthTokens } from './oauth-provider';
import { CALL_TIMEOUT_MS, OAuthSession } from './oauth-session';
import { TransportError } from './transport';

/**
 * A Gmail cursor, and while the first read's listing is not through, the id of the last message it returned (the
 * listing comes newest first, so it is read whole each time and resumed after that message).
 */

type MessageList = { messages?: { id: string }[]; nextPageToken?: string };
type HistoryPage = {
  history?: { id: string; messagesAdded?: { message: { id: string; labelIds?: string[] } }[] }[];
  nextPageToken?: string;
  historyId?: string;
};
type RawMessage = { id: string; internalDate?: string; raw?: string };

/** Gmail answers at most this many ids a page. */
const PAGE_SIZE = 500;
/**
 * The most of a format=raw answer read: INBOUND_MESSAGE_LIMIT_BYTES in base64, and room for the other fields. Gmail
 * has no ranged read of a message, so a larger answer is cut here and the start of its `raw` taken (decision 0055).
 */
const RAW_ANSWER_LIMIT = Math.ceil(INBOUND_MESSAGE_LIMIT_BYTES / 3) * 4 + 64 * 1024;

/**
 * The INBOX of a Gmail mailbox, read through the Gmail API: the first read lists the inbox's messages received
 * since a date and notes the mailbox's history id; later reads list the messages added to the inbox since that
 * history id. Each message comes as its MIME source (format=raw). Only GETs: nothing in the mailbox changes.
 */
export class GmailInbox implements MailInbox {
  private readonly session: OAuthSession;
  private readonly api: string;

  constructor(
    tokens: OAuthTokens,
    provider: OAuthProvider,
    gmailUrl: string,
    saveTokens: (tokens: OAuthTokens) => Promise<void>,
    clock: Clock,
    private readonly timeoutMs = CALL_TIMEOUT_MS,
  ) {
    this.session = new OAuthSession(tokens, provider, saveTokens, clock);
    this.api = `${gmailUrl}/gmail/v1/users/me`;
  }

  async read(cursor: InboxCursor | null, options: { since: Date; limit: number }): Promise<InboxReadResult> {
    if (isGmailCursor(cursor) && cursor.listedThrough === undefined) {
      const added = await this.addedSince(cursor.historyId, options.limit);
      // null: the history id is older than what Gmail keeps (about a week); only listing again catches up.
      if (added) return added;
    }
    const listing = isGmailCursor(cursor) && cursor.listedThrough !== undefined ? cursor : null;
    return this.listed(listing, options.since, options.limit);
  }

  async waitForMail(options: { timeoutMs: number; signal?: AbortSignal }): Promise<boolean> {
    await sleep(options.timeoutMs, undefined, { signal: options.signal }).catch(() => {});
    return false;
  }

  async close(): Promise<void> {}

  /**
   * The inbox's messages received since `since`, oldest first, from after `resume.listedThrough` when resuming (from
   * the start when that message is gone). The history id is taken before listing, so nothing arriving meanwhile
   * is missed; what both the listing and the history name comes twice and is told apart by its Message-ID.
   */
  private async listed(resume: GmailCursor | null, since: Date, limit: number): Promise<InboxReadResult> {
    const historyId = resume?.historyId ?? (await this.json<{ historyId: string }>(`${this.api}/profile`)).historyId;
    const query = `in:inbox after:${Math.floor(since.getTime() / 1000)}`;
    const newestFirst: string[] = [];
    let pageToken: string | undefined;
    do {
      const params = new URLSearchParams({ q: query, maxResults: String(PAGE_SIZE) });
      if (pageToken) params.set('pageToken', pageToken);
      const page = await this.json<MessageList>(`${this.api}/messages?${params}`);
      newestFirst.push(...(page.messages ?? []).map((message) => message.id));
      pageToken = page.nextPageToken;
    } while (pageToken);
    const ids = newestFirst.reverse();
    const start = resume?.listedThrough === undefined ? 0 : ids.indexOf(resume.listedThrough) + 1;
    const wanted = ids.slice(start, start + limit);
    const messages = await this.sources(wanted);
    const more = ids.length > start + wanted.length;
    const cursor: GmailCursor = more ? { historyId, listedThrough: wanted.at(-1) } : { historyId };
    return { messages, cursor, more };
  }

  /**
   * Messages added to the inbox after `startHistoryId`, a history record at a time, until `limit`; the cursor is
   * the last record taken, or the mailbox's history id once all were. Null when Gmail no longer has that history.
   */
  private async addedSince(startHistoryId: string, limit: number): Promise<InboxReadResult | null> {
    const ids: string[] = [];
    let lastRecord = startHistoryId;
    let pageToken: string | undefined;
    for (;;) {
      const params = new URLSearchParams({
        startHistoryId,
        historyTypes: 'messageAdded',
        labelId: 'INBOX',
        maxResults: String(PAGE_SIZE),
      });
      if (pageToken) params.set('pageToken', pageToken);
      const response = await this.session.get(`${this.api}/history?${params}`, {
        timeoutMs: this.timeoutMs,
        expected: [404],
      });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      const page = await this.session.body(response, (answer) => answer.json() as Promise<HistoryPage>);
      for (const record of page.history ?? []) {
        const added = (record.messagesAdded ?? [])
          .map(({ message }) => message)
          .filter((message) => message.labelIds?.includes('INBOX') ?? true)
          .map((message) => message.id)
          .filter((id) => !ids.includes(id));
        if (ids.length > 0 && ids.length + added.length > limit) {
          return { messages: await this.sources(ids), cursor: { historyId: lastRecord }, more: true };
        }
        ids.push(...added);
        lastRecord = record.id;
      }
      pageToken = page.nextPageToken;
      if (!pageToken) {
        const cursor = { historyId: page.historyId ?? lastRecord };
        return { messages: await this.sources(ids), cursor, more: false };
      }
    }
  }

  /** The messages' MIME sources, oldest first; a message deleted since it was listed is left out. */
  private async sources(ids: string[]): Promise<InboxMessage[]> {
    const found: (InboxMessage & { receivedAt: number })[] = [];
    for (const id of ids) {
      const response = await this.session.get(`${this.api}/messages/${encodeURIComponent(id)}?format=raw`, {
        timeoutMs: this.timeoutMs,
        expected: [404],
      });
      if (response.status === 404) {
        await response.body?.cancel();
        continue;
      }
      const { message, cut } = await this.session.body(response, async (answer) => {
        const { bytes, truncated } = await readCappedBody(answer, RAW_ANSWER_LIMIT);
        return truncated
          ? { message: startOfRaw(bytes.toString('latin1')), cut: true }
          : { message: JSON.parse(bytes.toString('utf8')) as RawMessage, cut: false };
      });
      if (typeof message.raw !== 'string') throw new TransportError('temporary', 'Gmail sent a message without it.');
      const source = Buffer.from(message.raw, 'base64url');
      found.push({
        id,
        receivedAt: Number(message.internalDate ?? 0),
        source: source.subarray(0, INBOUND_MESSAGE_LIMIT_BYTES),
        truncated: cut || source.length > INBOUND_MESSAGE_LIMIT_BYTES,
      });
    }
    return found
      .sort((a, b) => a.receivedAt - b.receivedAt)
      .map(({ id, source, truncated }) => ({ id, source, truncated }));
  }

  private async json<T>(url: string): Promise<T> {
    const response = await this.session.get(url, { timeoutMs: this.timeoutMs });
    return this.session.body(response, (answer) => answer.json() as Promise<T>);
  }
}

/**
 * The fields of a format=raw answer cut short: the start of its `raw` (base64url runs to the closing quote or the
 * cut) and its internalDate when it came before the cut (else the message sorts first in its page: the order within
 * a page changes nothing the cursor keeps).
 */
function startOfRaw(answer: string): RawMessage {
  const key = answer.indexOf('"raw"');
  const start = key < 0 ? -1 : answer.indexOf('"', answer.indexOf(':', key) + 1) + 1;
  const end = start <= 0 ? -1 : answer.indexOf('"', start);
  return {
    id: '',
    raw: start <= 0 ? undefined : answer.slice(start, end < 0 ? undefined : end),
    internalDate: /"internalDate"\s{0,10}:\s{0,10}"(\d{1,20})"/.exec(answer)?.[1],
  };
}

function isGmailCursor(cursor: InboxCursor | null): cursor is GmailCursor {
  return cursor !== null && 'historyId' in cursor && typeof cursor.historyId === 'string';
}
