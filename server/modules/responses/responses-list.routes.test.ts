import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/app';
import { at, createResponsesTestApp, MONDAY_AFTERNOON, type Owner } from './responses-test-helpers';

let now = MONDAY_AFTERNOON;
const { t, call, owner, reply, leadEmail } = await createResponsesTestApp({
  read: () => now,
  set: (to) => {
    now = to;
  },
});

describe('GET /api/responses and /api/followups/count', () => {
  let who: Owner;
  let rows: Awaited<ReturnType<typeof reply>>[];
  beforeAll(async () => {
    who = await owner('lister', { count: 4 });
    rows = [
      await reply(who, 0, { receivedAt: at('2026-11-20T09:00:00Z'), priority: 'medium' }),
      await reply(who, 1, { receivedAt: at('2026-11-21T09:00:00Z'), priority: 'hot' }),
      await reply(who, 2, {
        receivedAt: at('2026-11-22T09:00:00Z'),
        priority: 'high',
        followupCompleted: true,
      }),
      await reply(who, 3, {
        receivedAt: at('2026-11-22T10:00:00Z'),
        priority: 'other',
        followupRequired: false,
        words: 'Please remove me from your list.',
        unsubscribeRequest: true,
      }),
    ];
    // Not replies: a bounce is never a response.
    await reply(who, 0, { kind: 'bounce', receivedAt: at('2026-11-23T09:00:00Z'), priority: null });
  });

  it('answers docs/product.md’s call: replies needing a follow-up, newest first, with the lead and our mail rendered', async () => {
    const response = await call('GET', '/api/responses?followupRequired=true&limit=10', who.token);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((item: { id: number }) => item.id)).toEqual([rows[1].id, rows[0].id]);
    expect(list[0]).toEqual({
      id: rows[1].id,
      priority: 'hot',
      priorityReason: 'Wants a call or a meeting',
      receivedAt: '2026-11-21T09:00:00.000Z',
      subject: 'Re: Hello Lead1',
      body: 'Sounds good, can we talk on Thursday?',
      followupRequired: true,
      followupCompleted: false,
      unsubscribeRequest: false,
      meetingBookedAt: null,
      leadId: who.leadIds[1],
      lead: { firstName: 'Lead1', lastName: null, email: 'lister-1@leads.test', company: 'Company 1' },
      sentEmail: { subject: 'Hello Lead1', body: 'Hi Lead1, a note for Company 1.' },
      truncated: false,
    });
  });

  it('lists every reply without filters, pages, and filters by priority and status', async () => {
    const ids = async (query: string) =>
      (await call('GET', `/api/responses${query}`, who.token)).json().map((item: { id: number }) => item.id);
    expect(await ids('')).toEqual([rows[3].id, rows[2].id, rows[1].id, rows[0].id]);
    expect(await ids('?limit=2')).toEqual([rows[3].id, rows[2].id]);
    expect(await ids('?limit=2&offset=2')).toEqual([rows[1].id, rows[0].id]);
    expect(await ids('?priority=high')).toEqual([rows[2].id]);
    expect(await ids('?status=pending')).toEqual([rows[1].id, rows[0].id]);
    expect(await ids('?status=completed')).toEqual([rows[2].id]);
    expect(await ids('?followupRequired=false')).toEqual([rows[3].id]);
    const unsubscribed = (await call('GET', '/api/responses?priority=other', who.token)).json()[0];
    expect(unsubscribed).toMatchObject({ unsubscribeRequest: true, body: 'Please remove me from your list.' });
  });

  it('lists the replies received after a time, with how each was classified, for a program polling for new ones', async () => {
    const since = await call('GET', '/api/responses?since=2026-11-21T12:00:00Z&limit=10', who.token);
    expect(since.statusCode).toBe(200);
    expect(since.json().map((item: { id: number; priority: string }) => [item.id, item.priority])).toEqual([
      [rows[3].id, 'other'],
      [rows[2].id, 'high'],
    ]);
    expect(since.json()[0]).toMatchObject({ unsubscribeRequest: true, priorityReason: expect.any(String) });
    const withOffset = await call('GET', '/api/responses?since=2026-11-22T09:59:00%2B01:00&limit=10', who.token);
    expect(withOffset.json().map((item: { id: number }) => item.id)).toEqual([rows[3].id, rows[2].id]);
    const bad = await call('GET', '/api/responses?since=yesterday', who.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Give "since" as a date and time, e.g. 2026-11-29T09:00:00Z.');
  });

  it('refuses a bad query with a 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?priority=urgent', '?status=open']) {
      expect((await call('GET', `/api/responses${query}`, who.token)).statusCode, query).toBe(400);
    }
  });

  it('counts the replies still waiting, the user’s own only', async () => {
    expect((await call('GET', '/api/followups/count', who.token)).json()).toEqual({ count: 2 });
    const stranger = await registerUser(t.app, 'stranger-list@responses.test');
    expect((await call('GET', '/api/followups/count', stranger)).json()).toEqual({ count: 0 });
    expect((await call('GET', '/api/responses', stranger)).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/followups/count' })).statusCode).toBe(401);
  });
});

describe('GET /api/responses/{id}/details', () => {
  it('answers the thread oldest first: our mail, each of the prospect’s replies without quotes, our answers', async () => {
    const who = await owner('thread', { count: 2 });
    const address = await leadEmail(who.leadIds[0]);
    const first = await reply(who, 0, { receivedAt: at('2026-11-23T16:00:00Z') });
    // Another lead's reply is not in this thread.
    await reply(who, 1, { receivedAt: at('2026-11-23T16:30:00Z') });
    now = at('2026-11-23T17:00:00Z');
    expect(
      (await call('POST', `/api/responses/${first.id}/reply`, who.token, { body: 'Thursday 10am?' })).statusCode,
    ).toBe(200);
    const second = await reply(who, 0, {
      receivedAt: at('2026-11-23T18:00:00Z'),
      subject: 'Re: Hello Lead0',
      words: 'Perfect, see you then.',
    });

    const response = await call('GET', `/api/responses/${second.id}/details`, who.token);
    expect(response.statusCode).toBe(200);
    const details = response.json();
    expect(details).toMatchObject({ id: second.id, body: 'Perfect, see you then.', priority: 'hot' });
    expect(
      details.thread.map((message: { direction: string; body: string; from: string; to: string }) => [
        message.direction,
        message.from,
        message.to,
        message.body,
      ]),
    ).toEqual([
      ['outbound', 'thread@smtp.test', address, 'Hi Lead0, a note for Company 0.'],
      ['inbound', address, 'thread@smtp.test', 'Sounds good, can we talk on Thursday?'],
      ['outbound', 'thread@smtp.test', address, 'Thursday 10am?'],
      ['inbound', address, 'thread@smtp.test', 'Perfect, see you then.'],
    ]);
    expect(details.thread[0]).toMatchObject({ subject: 'Hello Lead0', id: `outbound-${who.sent[0].id}` });
    expect(details.thread[3]).toMatchObject({ id: `inbound-${second.id}`, at: '2026-11-23T18:00:00.000Z' });
  });
});
