import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type PeerResource, sendJson } from './oauth-peer';

type Stored = { id: string; folder: 'inbox' | 'sentitems'; receivedAt: Date; source: string };
type Change = { seq: number; id: string; kind: 'created' | 'updated' | 'deleted' };
/** What a skip or delta token stands for: entries still to page through, or the change it follows. */
type SyncState =
  | { kind: 'page'; entries: object[]; nextDeltaFrom: number; query: RoundQuery }
  | { kind: 'delta'; after: number; query: RoundQuery };
type RoundQuery = { since: Date | null; changeType: string | null; select: string[] };
type Failure = { status: number; body: unknown; headers: Record<string, string> };

const DELTA_PATH = '/graph/me/mailFolders/inbox/messages/delta';

/**
 * A Microsoft Graph mailbox for the OAuth peer, following Graph's documented contracts for the Inbox's messages
 * delta query and a message's MIME content:
 * - GET /me/mailFolders/inbox/messages/delta with `$filter=receivedDateTime ge {date}` (the only filter delta
 *   takes on messages), `$select`, the `changeType` custom option and `Prefer: odata.maxpagesize`; pages end with
 *   an @odata.nextLink ($skiptoken) and the round with an @odata.deltaLink ($deltatoken), both carrying the query;
 *   later rounds name what changed since, deleted messages as `{id, @removed}`; an unknown or expired token is
 *   410 Gone (syncStateNotFound). Graph promises no order: each page comes newest first here.
 * - GET /me/messages/{id}/$value: the MIME source; 404 ErrorItemNotFound once it is gone.
 */
export function graphMailbox() {
  const messages = new Map<string, Stored>();
  const changes: Change[] = [];
  const states = new Map<string, SyncState>();
  const requests: { method: string; path: string }[] = [];
  const failures: Failure[] = [];
  let seq = 0;

  const change = (id: string, kind: Change['kind']) => {
    seq += 1;
    changes.push({ seq, id, kind });
  };
  const remember = (state: SyncState) => {
    const token = randomBytes(12).toString('base64url');
    states.set(token, state);
    return token;
  };
  const entryOf = (message: Stored, query: RoundQuery) => {
    const entry: Record<string, unknown> = {
      '@odata.type': '#microsoft.graph.message',
      '@odata.etag': `W/"${message.id}"`,
      id: message.id,
    };
    if (query.select.includes('receivedDateTime')) entry.receivedDateTime = message.receivedAt.toISOString();
    return entry;
  };
  const inRound = (message: Stored | undefined, query: RoundQuery): message is Stored =>
    message !== undefined && message.folder === 'inbox' && (!query.since || message.receivedAt >= query.since);

  /** The entries a delta round following `after` names, each message once, in the state it is in now. */
  function changedSince(after: number, query: RoundQuery): object[] {
    const latest = new Map<string, Change['kind']>();
    for (const item of changes.filter((c) => c.seq > after)) {
      const before = latest.get(item.id);
      latest.set(item.id, before === 'created' && item.kind === 'updated' ? 'created' : item.kind);
    }
    const entries: object[] = [];
    for (const [id, kind] of latest) {
      if (query.changeType && query.changeType !== kind) continue;
      if (kind === 'deleted') entries.push({ id, '@removed': { reason: 'deleted' } });
      else {
        const message = messages.get(id);
        if (inRound(message, query)) entries.push(entryOf(message, query));
      }
    }
    return entries;
  }

  function page(req: IncomingMessage, res: ServerResponse, base: string, state: SyncState & { kind: 'page' }) {
    const preferred = /odata\.maxpagesize=(\d+)/.exec(String(req.headers.prefer ?? ''))?.[1];
    const size = preferred ? Number(preferred) : 10;
    const value = state.entries.slice(0, size).reverse();
    const rest = state.entries.slice(size);
    const headers: Record<string, string> = preferred ? { 'preference-applied': `odata.maxpagesize=${size}` } : {};
    if (rest.length > 0) {
      const token = remember({ ...state, entries: rest });
      return sendJson(res, 200, { value, '@odata.nextLink': `${base}${DELTA_PATH}?$skiptoken=${token}` }, headers);
    }
    const token = remember({ kind: 'delta', after: state.nextDeltaFrom, query: state.query });
    return sendJson(res, 200, { value, '@odata.deltaLink': `${base}${DELTA_PATH}?$deltatoken=${token}` }, headers);
  }

  function delta(req: IncomingMessage, res: ServerResponse, url: URL) {
    const base = `http://${req.headers.host}`;
    const token = url.searchParams.get('$skiptoken') ?? url.searchParams.get('$deltatoken');
    if (token !== null) {
      const state = states.get(token);
      if (!state) {
        return sendJson(res, 410, {
          error: { code: 'syncStateNotFound', message: 'The sync state generation is not found.' },
        });
      }
      if (state.kind === 'page') return page(req, res, base, state);
      return page(req, res, base, {
        kind: 'page',
        entries: changedSince(state.after, state.query),
        nextDeltaFrom: seq,
        query: state.query,
      });
    }
    const filter = url.searchParams.get('$filter');
    const since = filter === null ? null : /^receivedDateTime ge (\S+)$/.exec(filter)?.[1];
    if (since === undefined || (since !== null && Number.isNaN(Date.parse(since)))) {
      return sendJson(res, 400, { error: { code: 'ErrorInvalidUrlQueryFilter', message: 'Unsupported filter.' } });
    }
    const query: RoundQuery = {
      since: since === null ? null : new Date(since),
      changeType: url.searchParams.get('changeType'),
      select: (url.searchParams.get('$select') ?? '').split(','),
    };
    // The first round lists what is in the folder now, in the order it arrived.
    const entries = [...messages.values()].filter((m) => inRound(m, query)).map((m) => entryOf(m, query));
    return page(req, res, base, { kind: 'page', entries, nextDeltaFrom: seq, query });
  }

  const handle: PeerResource = (req, res, url) => {
    if (!url.pathname.startsWith('/graph/me/')) return false;
    const value = /^\/graph\/me\/messages\/([^/]+)\/\$value$/.exec(url.pathname);
    if (url.pathname !== DELTA_PATH && !value) return false;
    requests.push({ method: req.method ?? '', path: url.pathname });
    const failure = failures.shift();
    if (failure) {
      sendJson(res, failure.status, failure.body, failure.headers);
      return true;
    }
    if (req.method !== 'GET') {
      sendJson(res, 405, { error: { code: 'ErrorInvalidRequest', message: 'Method not allowed' } });
      return true;
    }
    if (url.pathname === DELTA_PATH) {
      delta(req, res, url);
      return true;
    }
    const message = messages.get(decodeURIComponent(value?.[1] ?? ''));
    if (!message) {
      sendJson(res, 404, { error: { code: 'ErrorItemNotFound', message: 'The specified object was not found.' } });
      return true;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(message.source);
    return true;
  };

  return {
    handle,
    /** Every request the mailbox was sent, to tell that readers only looked. */
    requests,
    /** A message arrives; its id is shaped like Graph's (base64 with `-`, `_` and `=`). */
    deliver(source: string, options: { receivedAt?: Date; folder?: Stored['folder'] } = {}): string {
      const id = `AAMkAD${randomBytes(9).toString('base64url')}-_=`;
      messages.set(id, { id, folder: options.folder ?? 'inbox', receivedAt: options.receivedAt ?? new Date(), source });
      change(id, 'created');
      return id;
    },
    /** The user reads (or flags) the message: an update. */
    touch(id: string) {
      change(id, 'updated');
    },
    /** The user deletes the message, or moves it out of the Inbox. */
    remove(id: string) {
      messages.delete(id);
      change(id, 'deleted');
    },
    /** Graph forgot every skip and delta token handed out so far. */
    expireSyncState() {
      states.clear();
    },
    /** The next `times` requests are answered with this status, JSON body and headers. */
    failNext(status: number, body: unknown, headers: Record<string, string> = {}, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push({ status, body, headers });
    },
  };
}
