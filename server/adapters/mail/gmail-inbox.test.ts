import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { gmailMailbox } from '../../test/gmail-peer';
import { aDayAgo, expectLargeCutThenWhole, numberedReply, sourcesOf } from '../../test/inbox-mail';
import { largeReply } from '../../test/large-mail';
import { freePort } from '../../test/net';
import { type OAuthInboxApi, type OAuthInboxOptions, signedInOAuthInbox } from '../../test/oauth-inbox';
import { GmailInbox } from './gmail-inbox';
import { googleProvider } from './oauth-provider';

const mail = (n: number) => numberedReply(n, 'owner@gmail.test', `Re: Hello ${n} – ünïcödé`);

const since = aDayAgo();
const minutesAfterSince = (minutes: number) => new Date(since.getTime() + minutes * 60_000);

const google: OAuthInboxApi = (peer) => ({
  provider: googleProvider(peer.config.google, systemClock),
  apiUrl: peer.config.google.gmailUrl,
});

/** A fresh mailbox behind its own peer, and a reader signed in to it whose saved tokens are kept. */
async function setup(options: OAuthInboxOptions = {}) {
  const { mailbox: gmail, ...reader } = await signedInOAuthInbox(gmailMailbox(), google, GmailInbox, options);
  return { gmail, ...reader };
}

describe('reading an INBOX through the Gmail API', () => {
  it('reads the inbox since the date, oldest first, a page at a time, and only ever looks', async () => {
    const { gmail, inbox } = await setup();
    gmail.deliver(mail(0), { receivedAt: minutesAfterSince(-60) });
    gmail.deliver(mail(99), { receivedAt: minutesAfterSince(2), labelIds: ['SENT'] });
    const ids = [1, 2, 3, 4, 5].map((n) => gmail.deliver(mail(n), { receivedAt: minutesAfterSince(n) }));

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
    expect(third.cursor).toEqual({ historyId: expect.stringMatching(/^\d+$/) });

    const idle = await inbox.read(third.cursor, { since, limit: 2 });
    expect(idle).toEqual({ messages: [], cursor: { historyId: expect.any(String) }, more: false });
    expect(gmail.requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it('lists past the first page of ids when the window holds more than a page', async () => {
    const { gmail, inbox } = await setup();
    for (let n = 1; n <= 502; n += 1) gmail.deliver(mail(n), { receivedAt: minutesAfterSince(n) });
    const read = await inbox.read(null, { since, limit: 1 });
    expect(sourcesOf(read)).toEqual([mail(1)]);
    expect(read.more).toBe(true);
  });

  it('from a cursor, reads only what was added to the inbox since, a few records at a time', async () => {
    const { gmail, inbox } = await setup();
    const archived = gmail.deliver(mail(1), { receivedAt: minutesAfterSince(1) });
    const first = await inbox.read(null, { since, limit: 10 });
    expect(sourcesOf(first)).toEqual([mail(1)]);

    gmail.archive(archived);
    gmail.deliver(mail(50), { labelIds: ['SENT'] });
    const gone = gmail.deliver(mail(2));
    gmail.remove(gone);
    for (const n of [3, 4, 5]) gmail.deliver(mail(n));
    const second = await inbox.read(first.cursor, { since, limit: 2 });
    expect(sourcesOf(second)).toEqual([mail(3)]);
    expect(second.more).toBe(true);
    const third = await inbox.read(second.cursor, { since, limit: 2 });
    expect(sourcesOf(third)).toEqual([mail(4), mail(5)]);
    expect(third.more).toBe(false);
    expect((await inbox.read(third.cursor, { since, limit: 2 })).messages).toEqual([]);
  });

  it('starts again from the date when Gmail no longer has the history id (404)', async () => {
    const { gmail, inbox } = await setup();
    gmail.deliver(mail(1), { receivedAt: minutesAfterSince(1) });
    const first = await inbox.read(null, { since, limit: 10 });
    gmail.deliver(mail(2), { receivedAt: minutesAfterSince(2) });
    gmail.forgetHistory();

    const again = await inbox.read(first.cursor, { since, limit: 10 });
    expect(sourcesOf(again)).toEqual([mail(1), mail(2)]);
    gmail.deliver(mail(3));
    expect(sourcesOf(await inbox.read(again.cursor, { since, limit: 10 }))).toEqual([mail(3)]);
  });

  it('refreshes an expired access token before reading, and saves the new tokens', async () => {
    const { gmail, inbox, saved, peer } = await setup({ tokens: (tokens) => ({ ...tokens, expiresAt: 0 }) });
    gmail.deliver(mail(1), { receivedAt: minutesAfterSince(1) });

    expect(sourcesOf(await inbox.read(null, { since, limit: 10 }))).toEqual([mail(1)]);
    expect(saved).toHaveLength(1);
    expect(peer.grants.filter((grant) => grant === 'refresh_token')).toHaveLength(1);
  });

  it('refreshes the token once when Gmail refuses it (401), and saves the new tokens', async () => {
    const { gmail, inbox, saved, peer } = await setup();
    const first = await inbox.read(null, { since, limit: 10 });
    peer.expireAccessTokens();
    gmail.deliver(mail(1));

    expect(sourcesOf(await inbox.read(first.cursor, { since, limit: 10 }))).toEqual([mail(1)]);
    expect(saved).toHaveLength(1);
  });

  it('calls a refusal after a fresh token, or a revoked refresh token, an auth failure', async () => {
    const { gmail, inbox, saved, peer } = await setup();
    gmail.failNext(401, { error: { code: 401, message: 'Invalid Credentials', status: 'UNAUTHENTICATED' } }, {}, 2);
    await expect(inbox.read(null, { since, limit: 10 })).rejects.toMatchObject({ kind: 'auth', code: 'mail_auth' });
    expect(saved).toHaveLength(1);

    peer.revokeRefreshTokens();
    peer.expireAccessTokens();
    await expect(inbox.read(null, { since, limit: 10 })).rejects.toMatchObject({ kind: 'auth' });
  });

  it('passes on 429 and quota answers as rate_limited, and 5xx or no answer as temporary', async () => {
    const { gmail, inbox } = await setup();
    const tooMany = { error: { code: 429, message: 'Too many requests', errors: [{ reason: 'rateLimitExceeded' }] } };
    gmail.failNext(429, tooMany, { 'retry-after': '12' });
    await expect(inbox.read(null, { since, limit: 10 })).rejects.toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 12,
    });
    const quota = { error: { code: 403, message: 'Quota exceeded', errors: [{ reason: 'userRateLimitExceeded' }] } };
    gmail.failNext(403, quota);
    await expect(inbox.read(null, { since, limit: 10 })).rejects.toMatchObject({ kind: 'rate_limited' });
    gmail.failNext(500, { error: { code: 500, message: 'Backend Error' } });
    await expect(inbox.read(null, { since, limit: 10 })).rejects.toMatchObject({ kind: 'temporary' });

    const { inbox: unreachable } = await setup({ apiUrl: `http://127.0.0.1:${await freePort()}` });
    await expect(unreachable.read(null, { since, limit: 10 })).rejects.toMatchObject({ kind: 'temporary' });
  });

  it('reads at most 2 MB of a message (the format=raw answer is read no further), and says when it was larger', async () => {
    const { gmail, inbox } = await setup();
    const large = largeReply({
      from: 'lead@prospects.test',
      to: 'owner@gmail.test',
      messageId: '<large@prospects.test>',
    });
    gmail.deliver(large, { receivedAt: minutesAfterSince(1) });
    gmail.deliver(mail(2), { receivedAt: minutesAfterSince(2) });
    const read = await inbox.read(null, { since, limit: 10 });
    expectLargeCutThenWhole(read, large, mail(2));
  });
});
