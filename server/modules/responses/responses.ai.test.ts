import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReplyReader } from '../../adapters/ai/reply-reader/reply-reader';
import { inboundMessages } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser, testConfig } from '../../test/app';
import { type ChatRequest, startChatCompletionsPeer } from '../../test/chat-completions-peer';
import { seedReplyToSentMail } from '../../test/seed-sent-emails';

const peer = await startChatCompletionsPeer();
const aiConfig = {
  aiBaseUrl: peer.url,
  aiApiKey: 'sk-test',
  aiModel: 'local-model',
  aiTimeoutMs: 1000,
};

const t = await createTestApp(aiConfig);
afterAll(async () => {
  await t.close();
  await peer.close();
});

describe('POST /api/responses/{id}/suggest-reply with an AI provider', () => {
  let token: string;
  let responseId: number;
  beforeAll(async () => {
    token = await registerUser(t.app, 'ai@responses.test');
    const userId = (await getCurrentUser(t.app, token)).json().id as string;
    // A mail we sent from a campaign whose template is gone: the thread still shows it, without a body.
    const reply = await seedReplyToSentMail(t.database.db, userId, {
      lead: { email: 'sam@leads.test', firstName: 'Sam', company: 'Sam’s Bakery' },
      sent: { subject: 'Spring open house', sentAt: new Date('2026-11-20T10:00:00Z') },
      reply: {
        messageId: '<sam-1@leads.test>',
        bodyText: 'What would it cost for a bakery?\n\n> quoted',
        replyText: 'What would it cost for a bakery?',
        receivedAt: new Date('2026-11-21T10:00:00Z'),
        priority: 'hot',
      },
    });
    responseId = reply.id;
  });

  it('asks the provider with the thread as context and answers its draft, not offline, sending nothing', async () => {
    peer.behaviour = { content: JSON.stringify({ body: 'Hi Sam,\n\nHappy to send prices. Tuesday at 10?' }) };
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/responses/${responseId}/suggest-reply`,
      headers: { cookie: `lr_session=${token}` },
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ body: 'Hi Sam,\n\nHappy to send prices. Tuesday at 10?', offline: false });
    const sent = peer.requests.at(-1) as ChatRequest;
    expect(sent.model).toBe('local-model');
    expect(sent.messages[0].content).toContain('Reyes Realty');
    expect(sent.messages[0].content).toContain('propose two or three concrete times');
    expect(sent.messages[0].content).toContain('Tone: professional');
    expect(sent.messages[1].content).toBe(
      [
        'Sender (2026-11-20T10:00:00.000Z), subject "Spring open house":\n',
        'Prospect (2026-11-21T10:00:00.000Z), subject "Re: Spring open house":\nWhat would it cost for a bakery?',
      ].join('\n\n---\n\n'),
    );
    const [row] = await t.database.db.select().from(inboundMessages).where(eq(inboundMessages.id, responseId));
    expect(row.followupCompleted).toBe(false);
  });

  it('turns an unusable answer into a 502 the toast can show', async () => {
    peer.behaviour = { content: 'Sure! Here you go: Hi Sam…' };
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/responses/${responseId}/suggest-reply`,
      headers: { cookie: `lr_session=${token}` },
      payload: {},
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: "The AI provider's answer was not a usable reply. Please try again." });
  });
});

describe('createReplyReader', () => {
  const reader = createReplyReader(aiConfig);

  it('reads priority, reason and unsubscribe from the provider’s structured answer', async () => {
    peer.behaviour = {
      content: JSON.stringify({ priority: 'high', reason: 'Asks about opening hours', unsubscribe: false }),
    };
    expect(await reader.read({ subject: 'Re: Hello', text: 'Are you open on Sundays?' })).toEqual({
      priority: 'high',
      reason: 'Asks about opening hours',
      unsubscribe: false,
    });
    const sent = peer.requests.at(-1) as ChatRequest & {
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { required: string[] } } };
    };
    expect(sent.response_format.type).toBe('json_schema');
    expect(sent.response_format.json_schema).toMatchObject({
      name: 'reply_intent',
      strict: true,
      schema: { required: ['priority', 'reason', 'unsubscribe'] },
    });
    expect(sent.messages[1].content).toBe('Subject: Re: Hello\n\nAre you open on Sundays?');
  });

  it('reads an unsubscribe request', async () => {
    peer.behaviour = {
      content: JSON.stringify({ priority: 'other', reason: 'Asks to be removed', unsubscribe: true }),
    };
    expect(await reader.read({ subject: 'Re: Hello', text: 'Take me off your list' })).toMatchObject({
      priority: 'other',
      unsubscribe: true,
    });
  });

  it('reads nothing from an answer of another shape, a refusal or silence, so the rules decide', async () => {
    peer.behaviour = { content: JSON.stringify({ priority: 'urgent', reason: 'x', unsubscribe: false }) };
    expect(await reader.read({ subject: 'Re: Hello', text: 'Call me' })).toBeNull();
    peer.behaviour = { content: 'It is a hot lead!' };
    expect(await reader.read({ subject: 'Re: Hello', text: 'Call me' })).toBeNull();
    peer.behaviour = { status: 401, message: 'Incorrect API key provided' };
    expect(await reader.read({ subject: 'Re: Hello', text: 'Call me' })).toBeNull();
    peer.behaviour = 'never'; // the 1-second timeout
    expect(await reader.read({ subject: 'Re: Hello', text: 'Call me' })).toBeNull();
  });

  it('reads nothing without a provider', async () => {
    const before = peer.requests.length;
    expect(await createReplyReader(testConfig).read({ subject: 'Re: Hello', text: 'Call me' })).toBeNull();
    expect(peer.requests).toHaveLength(before);
  });
});
