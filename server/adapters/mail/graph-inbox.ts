import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../lib/clock';
import { readCappedBody } from './capped-body';
import type { GraphCursor, InboxCursor, InboxMessage, InboxReadResult, MailInbox } from './inbox';
import { INBOUND_MESSAGE_LIMIT_BYTES } from './inbox';
import type { OAuthProvider, OAuthTokens } from './oauth-provider';
import { apiError, CALL_TIMEOUT_MS, OAuthSession } from './oauth-session';
import { TransportError } from './transport';

type DeltaEntry = { id: string; receivedDateTime?: string; '@removed'?: unknown };
type DeltaPage = { value?: DeltaEntry[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string };

/**
 * The Inbox of a Microsoft 365 / Outlook.com mailbox, read through Microsoft Graph's messages delta query: the
 * first round lists the Inbox's messages received since a date, each later round what was created since, and every
 * message is then fetched as its MIME source ($value). Only GETs: nothing in the mailbox changes.
 */
export class GraphInbox implements MailInbox {
  private readonly session: OAuthSession;

  constructor(
    tokens: OAuthTokens,
    provider: OAuthProvider,
    private readonly graphUrl: string,
    saveTokens: (tokens: OAuthTokens) => Promise<void>,
    clock: Clock,
    private readonly timeoutMs = CALL_TIMEOUT_MS,
  ) {
    this.session = new OAuthSession(tokens, provider, saveTokens, clock);
  }

  /**
   * Follows the cursor's link a page at a time (a page holds at most `limit` entries) until a page names messages
   * or the round ends. Mid-round the cursor is the next page's link: Graph's nextLink and deltaLink are both
   * opaque URLs to follow.
   */
  async read(cursor: InboxCursor | null, options: { since: Date; limit: number }): Promise<InboxReadResult> {
    const afresh = this.firstRound(options.since);
    // The token goes only to Graph itself: a stored link elsewhere is not followed.
    let link = isGraphCursor(cursor) && this.isGraphLink(cursor.deltaLink) ? cursor.deltaLink : afresh;
    for (;;) {
      const page = await this.page(link, options.limit);
      if (page === null) {
        if (link === afresh) throw new TransportError('temporary', 'Microsoft Graph refused a new delta query.');
        link = afresh;
        continue;
      }
      const entries = (page.value ?? [])
        .filter((entry) => !('@removed' in entry))
        .sort((a, b) => Date.parse(a.receivedDateTime ?? '') - Date.parse(b.receivedDateTime ?? ''));
      const messages: InboxMessage[] = [];
      for (const { id } of entries) {
        const read = await this.source(id);
        if (read) messages.push({ id, source: read.bytes, truncated: read.truncated });
      }
      const next = page['@odata.nextLink'];
      const followed = next ?? page['@odata.deltaLink'];
      if (!followed || !this.isGraphLink(followed)) {
        throw new TransportError('temporary', 'Microsoft Graph answered a delta page without a link of its own.');
      }
      if (!next) return { messages, cursor: { deltaLink: followed }, more: false };
      if (entries.length > 0) return { messages, cursor: { deltaLink: next }, more: true };
      link = next;
    }
  }

  async waitForMail(options: { timeoutMs: number; signal?: AbortSignal }): Promise<boolean> {
    await sleep(options.timeoutMs, undefined, { signal: options.signal }).catch(() => {});
    return false;
  }

  async close(): Promise<void> {}

  /**
   * The Inbox's messages received since `since`; `changeType=created` (kept in the links Graph hands back) leaves
   * out later rounds' updates, so a message the user reads or flags is not fetched again.
   */
  private firstRound(since: Date): string {
    const params = new URLSearchParams({
      changeType: 'created',
      $select: 'id,receivedDateTime',
      $filter: `receivedDateTime ge ${since.toISOString()}`,
    });
    return `${this.graphUrl}/me/mailFolders/inbox/messages/delta?${params}`;
  }

  private isGraphLink(link: string): boolean {
    return URL.canParse(link) && new URL(link).origin === new URL(this.graphUrl).origin;
  }

  /** One page of the round, or null when Graph no longer knows the link's sync state (the round must restart). */
  private async page(link: string, limit: number): Promise<DeltaPage | null> {
    const response = await this.session.get(link, {
      timeoutMs: this.timeoutMs,
      expected: [400, 410],
      headers: { accept: 'application/json', prefer: `odata.maxpagesize=${limit}` },
    });
    if (response.ok) return this.session.body(response, (answer) => answer.json() as Promise<DeltaPage>);
    const { code, message } = await apiError(response);
    if (response.status === 410 || SYNC_STATE_GONE.test(`${code} ${message}`)) return null;
    throw new TransportError('permanent', `Microsoft Graph refused the delta query (${response.status}): ${message}`);
  }

  /**
   * The message's MIME source, at most INBOUND_MESSAGE_LIMIT_BYTES of it (the stream is left unread past them), or
   * null when it is gone since the delta page named it.
   */
  private async source(id: string): Promise<{ bytes: Buffer; truncated: boolean } | null> {
    const response = await this.session.get(`${this.graphUrl}/me/messages/${encodeURIComponent(id)}/$value`, {
      timeoutMs: this.timeoutMs,
      expected: [404],
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    return this.session.body(response, (answer) => readCappedBody(answer, INBOUND_MESSAGE_LIMIT_BYTES));
  }
}

/** How Graph says a delta or skip token no longer holds (besides 410 Gone): syncStateNotFound, resyncRequired… */
const SYNC_STATE_GONE = /sync ?state|resync|delta ?token|skip ?token/i;

function isGraphCursor(cursor: InboxCursor | null): cursor is GraphCursor {
  return cursor !== null && 'deltaLink' in cursor && typeof cursor.deltaLink === 'string';
}
