import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_MESSAGES } from '../../../contract/responses';
import { inboundMessages } from '../../db/schema';
import { registerUser } from '../../test/app';
import { at, createResponsesTestApp, MONDAY_AFTERNOON, type Owner } from './responses-test-helpers';

let now = MONDAY_AFTERNOON;
const { t, smtp, call, owner, reply } = await createResponsesTestApp({
  read: () => now,
  set: (to) => {
    now = to;
  },
});

describe('follow-up, priority and meeting', () => {
  it('marks a follow-up complete, once, and the count drops', async () => {
    const who = await owner('complete');
    const prospect = await reply(who, 0);
    expect((await call('GET', '/api/followups/count', who.token)).json()).toEqual({ count: 1 });
    const response = await call('POST', `/api/responses/${prospect.id}/complete-followup`, who.token, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESPONSE_MESSAGES.completed });
    expect((await call('GET', '/api/followups/count', who.token)).json()).toEqual({ count: 0 });
    expect((await call('GET', '/api/responses?followupRequired=true', who.token)).json()).toEqual([]);
    const [row] = await t.database.db.select().from(inboundMessages).where(eq(inboundMessages.id, prospect.id));
    expect(row).toMatchObject({ followupCompleted: true, followupCompletedAt: now });
    // Again later: still complete since the first time.
    now = at('2026-11-24T09:00:00Z');
    await call('POST', `/api/responses/${prospect.id}/complete-followup`, who.token, {});
    const [again] = await t.database.db.select().from(inboundMessages).where(eq(inboundMessages.id, prospect.id));
    expect(again.followupCompletedAt).toEqual(at('2026-11-23T15:00:00Z'));
  });

  it('re-prioritises by hand and books or unbooks a meeting', async () => {
    const who = await owner('patch');
    const prospect = await reply(who, 0);
    const patch = (payload: object) => call('PATCH', `/api/responses/${prospect.id}`, who.token, payload);

    const reprioritised = await patch({ priority: 'medium' });
    expect(reprioritised.statusCode).toBe(200);
    expect(reprioritised.json()).toMatchObject({ id: prospect.id, priority: 'medium', priorityReason: 'Set by hand' });

    const booked = (await patch({ meetingBooked: true })).json();
    expect(booked).toMatchObject({ priority: 'medium', meetingBookedAt: '2026-11-23T15:00:00.000Z' });
    now = at('2026-11-25T09:00:00Z');
    expect((await patch({ meetingBooked: true })).json().meetingBookedAt).toBe('2026-11-23T15:00:00.000Z');
    expect((await patch({ meetingBooked: false })).json().meetingBookedAt).toBeNull();
    expect((await patch({ priority: 'urgent' })).statusCode).toBe(400);
  });

  it('answers 404 for another user’s response and for ids that are not ids, everywhere', async () => {
    const who = await owner('private');
    const prospect = await reply(who, 0);
    const stranger = await registerUser(t.app, 'stranger@responses.test');
    const before = smtp.received.length;
    for (const id of [String(prospect.id), '0', '-1', 'abc', '1.5', '99999999999']) {
      const attempts = [
        await call('GET', `/api/responses/${id}/details`, stranger),
        await call('POST', `/api/responses/${id}/reply`, stranger, { body: 'Hi' }),
        await call('POST', `/api/responses/${id}/complete-followup`, stranger, {}),
        await call('PATCH', `/api/responses/${id}`, stranger, { meetingBooked: true }),
        await call('POST', `/api/responses/${id}/suggest-reply`, stranger, {}),
      ];
      for (const attempt of attempts) {
        expect(attempt.statusCode, `${id}: ${attempt.body}`).toBe(404);
        expect(attempt.json()).toEqual({ message: 'Response not found' });
      }
    }
    expect(smtp.received).toHaveLength(before);
    const [row] = await t.database.db.select().from(inboundMessages).where(eq(inboundMessages.id, prospect.id));
    expect(row).toMatchObject({ followupCompleted: false, meetingBookedAt: null });
  });
});

describe('POST /api/responses/{id}/suggest-reply without an AI provider', () => {
  let who: Owner;
  beforeAll(async () => {
    who = await owner('suggest', { count: 5 });
  });
  const suggest = async (index: number, priority: 'hot' | 'high' | 'medium' | 'other', words?: string) => {
    const prospect = await reply(who, index, { priority, words });
    const before = smtp.received.length;
    const response = await call('POST', `/api/responses/${prospect.id}/suggest-reply`, who.token, {});
    expect(response.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(before); // a draft is never sent
    const suggestion = response.json();
    expect(suggestion.offline).toBe(true);
    expect(suggestion.body).toMatch(new RegExp(`^Dear Lead${index},\\n\\n`));
    expect(suggestion.body).toMatch(/Best regards,\nDana\nReyes Realty$/);
    return suggestion.body as string;
  };

  it('proposes the day the prospect asked for ("can we talk on Thursday?") in the user\'s time zone', async () => {
    const body = await suggest(0, 'hot');
    expect(body).toContain('Thursday suits me well. Shall I call you on Thursday, November 26 at 10:00 AM UTC?');
    expect(body).not.toContain('Tuesday');
  });

  it('proposes three times on the next working days for a hot reply that names none', async () => {
    const body = await suggest(1, 'hot', 'Sounds good, let us talk.');
    expect(body).toContain('- Tuesday, November 24 at 10:00 AM UTC\n- Wednesday, November 25 at 2:00 PM UTC');
    expect(body).toContain('- Thursday, November 26 at 11:00 AM UTC');
  });

  it('thanks and offers a call for a high reply', async () => {
    expect(await suggest(2, 'high', 'What does it cost?')).toContain(
      'a 15-minute call: would Tuesday or Wednesday suit you?',
    );
  });

  it('proposes a follow-up date for a medium reply', async () => {
    expect(await suggest(3, 'medium', 'Maybe later this year.')).toContain(
      'I will follow up on Monday, December 7 to see where things stand at Company 3.',
    );
  });

  it('closes politely for any other reply', async () => {
    expect(await suggest(4, 'other')).toContain('I will not take up more of your time.');
  });
});
