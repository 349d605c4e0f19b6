import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { graphMailbox } from '../../test/graph-peer';
import { aDayAgo, expectLargeCutThenWhole, numberedReply, sourcesOf } from '../../test/inbox-mail';
import { largeReply } from '../../test/large-mail';
import { freePort } from '../../test/net';
import { type OAuthInboxApi, type OAuthInboxOptions, signedInOAuthInbox } from '../../test/oauth-inbox';
import { GraphInbox } from './graph-inbox';
import { microsoftProvider } from './oauth-provider';

const mail = (n: number) => numberedReply(n, 'owner@contoso.test');

const since = aDayAgo();
const minutesAfterSince = (minutes: number) => new Date(since.getTime() + minutes * 60_000);

const microsoft: OAuthInboxApi = (peer) => ({
  provider: microsoftProvider(peer.config.microsoft, systemClock),
  apiUrl: peer.config.microsoft.graphUrl,
});

/** A fresh mailbox behind its own peer, and a reader signed in to it whose saved tokens are kept. */
async function setup(options: OAuthInboxOptions = {}) {
  const { mailbox: graph, ...reader } = await signedInOAuthInbox(graphMailbox(), microsoft, GraphInbox, options);
  return { graph, ...reader };
}

describe('reading an Inbox through Microsoft Graph', () => {
  it('reads the Inbox since the date, oldest first, a page at a time, and only ever looks', async () => {
    const { graph, inbox } = await setup();
    graph.deliver(mail(0), { receivedAt: minutesAfterSince(-60) });
    graph.deliver(mail(99), { receivedAt: minutesAfterSince(2), folder: 'sentitems' });
    const ids = [1, 2, 3, 4, 5].map((n) => graph.deliver(mail(n), { receivedAt: minutesAfterSince(n) }));

    const first = await inbox.read(null, { since, limit: 2 });
    expect(sourcesOf(first)).toEqual([mail(1), mail(2)]);
    expect(first.messages.map((message) => message.id)).toEqual(ids.slice(0, 2));
    expect(first.more).toBe(true);
    const second = await inbox.read(first.cursor, { since, limit: 2 });
    expect(sourcesOf(second)).toEqual([mail(3), mail(4)]);
    expect(second.more).toBe(true);
    const third = await inbox.read(second.cursor, { since, limit: 2 });
    expect(sourcesOf(third)).toEqual([mail(5)]);
    expect(third.more).toBe(false);
    expect(third.cursor).toEqual({ deltaLink: expect.stringContaining('$deltatoken=') });

    const idle = await inbox.read(third.cursor, { since, limit: 2 });
    expect(idle.messages).toEqual([]);
    expect(idle.more).toBe(false);
    expect(graph.requests.length).toBeGreaterThan(0);
    expect(graph.requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it('from a cursor, reads only mail that came since: not what was read, flagged or deleted', async () => {
    const { graph, inbox } = await setup();
    const read = graph.deliver(mail(1), { receivedAt: minutesAfterSince(1) });
    const first = await inbox.read(null, { since, limit: 10 });
    expect(sourcesOf(first)).toEqual([mail(1)]);

    graph.touch(read);
    const gone = graph.deliver(mail(2), { receivedAt: minutesAfterSince(2) });
    graph.remove(gone);
    graph.deliver(mail(3), { receivedAt: minutesAfterSince(3) });
    const next = await inbox.read(first.cursor, { since, limit: 10 });
    expect(sourcesOf(next)).toEqual([mail(3)]);
    expect(next.more).toBe(false);
  });

  it('ignores the entries a round names as removed', async () => {
    const { graph, inbox, peer, signedIn } = await setup();
    const removed = graph.deliver(mail(1), { receivedAt: minutesAfterSince(1) });
    // A round that tracks every change (no changeType), as a link stored before might: it names deletions.
    const answer = await fetch(`${peer.config.microsoft.graphUrl}/me/mailFolders/inbox/messages/delta`, {
      headers: { authorization: `Bearer ${signedIn.accessToken}` },
    });
    const { '@odata.deltaLink': deltaLink } = (await answer.json()) as { '@odata.deltaLink': string };
    graph.remove(removed);
    graph.deliver(mail(2), { receivedAt: minutesAfterSince(2) });

    const read = await inbox.read({ deltaLink }, { since, limit: 10 });
    expect(sourcesOf(read)).toEqual([mail(2)]);
    expect(graph.requests.filter((request) => request.path.endsWith('/$value'))).toHaveLength(1);
  });

  it('starts again from the date when Graph no longer knows the delta link, or it is not a Graph link', async () => {
    const { graph, inbox } = await setup();
    graph.deliver(mail(1), { receivedAt: minutesAfterSince(1) });
    const first = await inbox.read(null, { since, limit: 10 });
    graph.deliver(mail(2), { receivedAt: minutesAfterSince(2) });
    graph.expireSyncState();

    const again = await inbox.read(first.cursor, { since, limit: 10 });
    expect(sourcesOf(again)).toEqual([mail(1), mail(2)]);
    graph.deliver(mail(3), { receivedAt: minutesAfterSince(3) });
    expect(sourcesOf(await inbox.read(again.cursor, { since, limit: 10 }))).toEqual([mail(3)]);

    const elsewhere = await inbox.read({ deltaLink: 'https://attacker.test/collect' }, { since, limit: 10 });
    expect(sourcesOf(elsewhere)).toEqual([mail(1), mail(2), mail(3)]);
  });

  it('refreshes an expired access token before reading, and saves the new tokens', async () => {
    const { graph, inbox, saved, peer } = await setup({ tokens: (tokens) => ({ ...tokens, expiresAt: 0 }) });
    graph.deliver(mail(1), { receivedAt: minutesAfterSince(1) });

    expect(sourcesOf(await inbox.read(null, { since, limit: 10 }))).toEqual([mail(1)]);
    expect(saved).toHaveLength(1);
    expect(peer.grants.filter((grant) => grant === 'refresh_token')).toHaveLength(1);
  });

  it('refreshes the token once when Graph refuses it (401), and saves the new tokens', async () => {
    const { graph, inbox, saved, peer } = await setup();
    const first = await inbox.read(null, { since, limit: 10 });
    peer.expireAccessTokens();
    graph.deliver(mail(1), { receivedAt: minutesAfterSince(1) });

    expect(sourcesOf(await inbox.read(first.cursor, { since, limit: 10 }))).toEqual([mail(1)]);
    expect(saved.map((tokens) => tokens.accessToken)).toHaveLength(1);
  });

  it('calls a refusal after a fresh token, or a revoked refresh token, an auth failure', async () => {
    const { graph, inbox, saved, peer } = await setup();
    const refused = { error: { code: 'InvalidAuthenticationToken', message: 'Access token validation failure.' } };
    graph.failNext(401, refused, {}, 2);
    await expect(inbox.read(null, { since, limit: 10 })).rejects.toMatchObject({ kind: 'auth', code: 'mail_auth' });
    expect(saved).toHaveLength(1);

    peer.revokeRefreshTokens();
    peer.expireAccessTokens();
    await expect(inbox.read(null, { since, limit: 10 })).rejects.toMatchObject({ kind: 'auth' });
  });

  it('passes on 429 as rate_limited with its Retry-After, and 5xx or no answer as temporary', async () => {
    const { graph, inbox } = await setup();
    graph.failNext(
      429,
      { error: { code: 'ApplicationThrottled', message: 'Too many requests' } },
      { 'retry-after': '7' },
    );
    await expect(inbox.read(null, { since, limit: 10 })).rejects.toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 7,
    });
    graph.failNext(503, { error: { code: 'ServiceNotAvailable', message: 'Try later' } });
    await expect(inbox.read(null, { since, limit: 10 })).rejects.toMatchObject({ kind: 'temporary' });

    const { inbox: unreachable } = await setup({ apiUrl: `http://127.0.0.1:${await freePort()}` });
    await expect(unreachable.read(null, { since, limit: 10 })).rejects.toMatchObject({ kind: 'temporary' });
  });

  it('cannot be told of new mail: waits out the time, or until aborted, and answers false', async () => {
    const { inbox } = await setup();
    const started = Date.now();
    await expect(inbox.waitForMail({ timeoutMs: 150 })).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    const abort = new AbortController();
    const waiting = inbox.waitForMail({ timeoutMs: 60_000, signal: abort.signal });
    abort.abort();
    await expect(waiting).resolves.toBe(false);
  });

  it('reads at most 2 MB of a message (the $value stream is left unread past it), and says when it was larger', async () => {
    const { graph, inbox } = await setup();
    const large = largeReply({
      from: 'lead@prospects.test',
      to: 'owner@graph.test',
      messageId: '<large@prospects.test>',
    });
    graph.deliver(large, { receivedAt: minutesAfterSince(1) });
    graph.deliver(mail(2), { receivedAt: minutesAfterSince(2) });
    const read = await inbox.read(null, { since, limit: 10 });
    expectLargeCutThenWhole(read, large, mail(2));
  });
});
