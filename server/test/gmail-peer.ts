import { randomBytes } from 'node:crypto';
import { PEER_MAILBOXES, type PeerResource, sendJson } from './oauth-peer';

type Stored = { id: string; threadId: string; labelIds: string[]; internalDate: number; source: string };
type HistoryRecord = {
  id: number;
  messages: { id: string; threadId: string }[];
  messagesAdded?: { message: { id: string; threadId: string; labelIds: string[] } }[];
  messagesDeleted?: { message: { id: string; threadId: string } }[];
  labelsRemoved?: { message: { id: string; threadId: string; labelIds: string[] }; labelIds: string[] }[];
};
type Failure = { status: number; body: unknown; headers: Record<string, string> };

const USER_PATH = '/gmail/gmail/v1/users/me';
const NOT_FOUND = {
  error: {
    code: 404,
    message: 'Requested entity was not found.',
    errors: [{ message: 'Requested entity was not found.', domain: 'global', reason: 'notFound' }],
    status: 'NOT_FOUND',
  },
};

/**
 * A Gmail mailbox for the OAuth peer, following the Gmail API's documented contracts:
 * - users.getProfile: the mailbox's current historyId;
 * - users.messages.list: `q` with `in:inbox` and `after:<epoch seconds>`, newest first, `maxResults` (default
 *   100, at most 500) and `pageToken`/`nextPageToken`;
 * - users.history.list: records after `startHistoryId`, filtered by `historyTypes` and `labelId`, paged like the
 *   list, with the mailbox's current `historyId`; a start older than the history kept is 404;
 * - users.messages.get with format=raw: the source, base64url, in `raw`; 404 once deleted.
 * History ids grow with gaps, as Gmail's do. Requests the peer leaves alone (the Sent folder search) go on to it.
 */
export function gmailMailbox() {
  const messages = new Map<string, Stored>();
  const history: HistoryRecord[] = [];
  const requests: { method: string; path: string }[] = [];
  const failures: Failure[] = [];
  let historyId = 4000;
  let oldestKept = 0;

  const record = (entry: Omit<HistoryRecord, 'id'>) => {
    historyId += 3 + Math.floor(Math.random() * 5);
    history.push({ id: historyId, ...entry });
  };
  const pageOf = <T>(items: T[], url: URL) => {
    const size = Math.min(Number(url.searchParams.get('maxResults') ?? 100), 500);
    const start = Number(url.searchParams.get('pageToken') ?? 0);
    const next = start + size < items.length ? String(start + size) : undefined;
    return { items: items.slice(start, start + size), nextPageToken: next };
  };

  /** Only the operators the readers use; `after:` is in epoch seconds. */
  function search(query: string): Stored[] | null {
    let inbox = false;
    let after = Number.NEGATIVE_INFINITY;
    for (const term of query.split(/\s+/).filter(Boolean)) {
      if (term === 'in:inbox') inbox = true;
      else if (/^after:\d+$/.test(term)) after = Number(term.slice(6)) * 1000;
      else return null;
    }
    if (!inbox) return null;
    return [...messages.values()]
      .filter((message) => message.labelIds.includes('INBOX') && message.internalDate > after)
      .sort((a, b) => b.internalDate - a.internalDate);
  }

  /** users.history.list: the records after startHistoryId of the types and label asked for, a page of them. */
  function historyList(url: URL): [number, unknown] {
    const start = Number(url.searchParams.get('startHistoryId'));
    if (!start) return [400, { error: { code: 400, message: 'Invalid startHistoryId' } }];
    if (start < oldestKept) return [404, NOT_FOUND];
    const types = url.searchParams.getAll('historyTypes');
    const label = url.searchParams.get('labelId');
    const records = history
      .filter((item) => item.id > start)
      .filter((item) => !types.includes('messageAdded') || item.messagesAdded)
      .map((item) => ({
        ...item,
        id: String(item.id),
        messagesAdded: item.messagesAdded?.filter(({ message }) => !label || message.labelIds.includes(label)),
      }))
      .filter((item) => !label || item.messagesAdded?.length);
    const { items, nextPageToken } = pageOf(records, url);
    return [
      200,
      {
        ...(items.length ? { history: items } : {}),
        ...(nextPageToken ? { nextPageToken } : {}),
        historyId: String(historyId),
      },
    ];
  }

  const handle: PeerResource = (req, res, url) => {
    const path = url.pathname;
    // users.messages.send (POST …/messages/send) is the peer's: sending shares the path shape of a message's get.
    const get =
      path === `${USER_PATH}/messages/send` ? null : /^\/messages\/([^/]+)$/.exec(path.slice(USER_PATH.length));
    const found = path === `${USER_PATH}/messages` ? search(url.searchParams.get('q') ?? '') : null;
    const ours = path === `${USER_PATH}/profile` || path === `${USER_PATH}/history` || found !== null || get;
    if (!path.startsWith(USER_PATH) || !ours) return false;
    requests.push({ method: req.method ?? '', path });
    const failure = failures.shift();
    if (failure) sendJson(res, failure.status, failure.body, failure.headers);
    else if (req.method !== 'GET') sendJson(res, 405, { error: { code: 405, message: 'Method not allowed' } });
    else if (path === `${USER_PATH}/profile`) {
      sendJson(res, 200, {
        emailAddress: PEER_MAILBOXES.gmail,
        messagesTotal: messages.size,
        threadsTotal: messages.size,
        historyId: String(historyId),
      });
    } else if (found) {
      const { items, nextPageToken } = pageOf(found, url);
      sendJson(res, 200, {
        ...(items.length ? { messages: items.map(({ id, threadId }) => ({ id, threadId })) } : {}),
        ...(nextPageToken ? { nextPageToken } : {}),
        resultSizeEstimate: found.length,
      });
    } else if (path === `${USER_PATH}/history`) {
      sendJson(res, ...historyList(url));
    } else {
      const message = messages.get(decodeURIComponent(get?.[1] ?? ''));
      if (!message) sendJson(res, 404, NOT_FOUND);
      else if (url.searchParams.get('format') !== 'raw') sendJson(res, 400, { error: { message: 'Expected raw' } });
      else {
        sendJson(res, 200, {
          id: message.id,
          threadId: message.threadId,
          labelIds: message.labelIds,
          historyId: String(historyId),
          internalDate: String(message.internalDate),
          sizeEstimate: message.source.length,
          raw: Buffer.from(message.source).toString('base64url'),
        });
      }
    }
    return true;
  };

  return {
    handle,
    /** Every request the mailbox was sent, to tell that readers only looked. */
    requests,
    /** A message arrives (in the inbox unless other labels are given), and a messageAdded record with it. */
    deliver(source: string, options: { receivedAt?: Date; labelIds?: string[] } = {}): string {
      const id = randomBytes(8).toString('hex');
      const labelIds = options.labelIds ?? ['INBOX', 'UNREAD'];
      const internalDate = (options.receivedAt ?? new Date()).getTime();
      messages.set(id, { id, threadId: id, labelIds, internalDate, source });
      record({ messages: [{ id, threadId: id }], messagesAdded: [{ message: { id, threadId: id, labelIds } }] });
      return id;
    },
    /** The user archives the message: INBOX comes off it. */
    archive(id: string) {
      const message = messages.get(id);
      if (!message) return;
      message.labelIds = message.labelIds.filter((label) => label !== 'INBOX');
      const ref = { id, threadId: message.threadId };
      record({
        messages: [ref],
        labelsRemoved: [{ message: { ...ref, labelIds: message.labelIds }, labelIds: ['INBOX'] }],
      });
    },
    remove(id: string) {
      messages.delete(id);
      record({ messages: [{ id, threadId: id }], messagesDeleted: [{ message: { id, threadId: id } }] });
    },
    /** The mailbox's current history id, as users.getProfile answers it. */
    historyId: () => String(historyId),
    /** Gmail keeps no history from before now (it keeps about a week of it). */
    forgetHistory() {
      oldestKept = historyId;
    },
    /** The next `times` requests are answered with this status, JSON body and headers. */
    failNext(status: number, body: unknown, headers: Record<string, string> = {}, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push({ status, body, headers });
    },
  };
}
