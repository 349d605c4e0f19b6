import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReplyReader } from '../../adapters/ai/reply-reader/reply-reader';
import { campaignRecipients, campaigns, inboundMessages, leads } from '../../db/schema';
import { createTestApp, getCurrentUser, registerUser, testConfig } from '../../test/app';

/** A local server speaking the chat-completions contract, with a behaviour chosen per test. */
type Handler = (body: Record<string, unknown>, res: ServerResponse) => void;
let handler: Handler;
const requests: Record<string, unknown>[] = [];
const provider: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let raw = '';
  req.on('data', (chunk) => {
    raw += chunk;
  });
  req.on('end', () => {
    const body = JSON.parse(raw || '{}');
    requests.push(body);
    handler(body, res);
  });
});
const answer = (res: ServerResponse, content: string, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify(
      status === 200
        ? {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1,
            model: 'local-model',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          }
        : { error: { message: content } },
    ),
  );
};

await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
const aiConfig = {
  aiBaseUrl: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
  aiApiKey: 'sk-test',
  aiModel: 'local-model',
  aiTimeoutMs: 1000,
};

const t = await createTestApp(aiConfig);
afterAll(async () => {
  await t.close();
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

type ChatRequest = { model: string; response_format: unknown; messages: { role: string; content: string }[] };

describe('POST /api/responses/{id}/suggest-reply with an AI provider', () => {
  let token: string;
  let responseId: number;
  beforeAll(async () => {
    token = await registerUser(t.app, 'ai@responses.test');
    const userId = (await getCurrentUser(t.app, token)).json().id as string;
    const db = t.database.db;
    const [lead] = await db
      .insert(leads)
      .values({ userId, email: 'sam@leads.test', firstName: 'Sam', company: 'Sam’s Bakery' })
      .returning();
    // A mail we sent from a campaign whose template is gone: the thread still shows it, without a body.
    const [campaign] = await db.insert(campaigns).values({ userId, status: 'completed' }).returning();
    const [sent] = await db
      .insert(campaignRecipients)
      .values({
        campaignId: campaign.id,
        userId,
        leadId: lead.id,
        state: 'sent',
        subject: 'Spring open house',
        sentAt: new Date('2026-11-20T10:00:00Z'),
      })
      .returning();
    const [reply] = await db
      .insert(inboundMessages)
      .values({
        userId,
        messageId: '<sam-1@leads.test>',
        kind: 'reply',
        leadId: lead.id,
        recipientId: sent.id,
        fromAddress: 'sam@leads.test',
        subject: 'Re: Spring open house',
        bodyText: 'What would it cost for a bakery?\n\n> quoted',
        replyText: 'What would it cost for a bakery?',
        receivedAt: new Date('2026-11-21T10:00:00Z'),
        priority: 'hot',
        followupRequired: true,
      })
      .returning();
    responseId = reply.id;
  });

  it('asks the provider with the thread as context and answers its draft, not offline, sending nothing', async () => {
    handler = (_body, res) => answer(res, JSON.stringify({ body: 'Hi Sam,\n\nHappy to send prices. Tuesday at 10?' }));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/responses/${responseId}/suggest-reply`,
      headers: { cookie: `lr_session=${token}` },
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ body: 'Hi Sam,\n\nHappy to send prices. Tuesday at 10?', offline: false });
    const sent = requests.at(-1) as ChatRequest;
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
    handler = (_body, res) => answer(res, 'Sure! Here you go: Hi Sam…');
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
    handler = (_body, res) =>
      answer(res, JSON.stringify({ priority: 'high', reason: 'Asks about opening hours', unsubscribe: false }));
    expect(await reader.read({ subject: 'Re: Hello', text: 'Are you open on Sundays?' })).toEqual({
      priority: 'high',
      reason: 'Asks about opening hours',
      unsubscribe: false,
    });
    const sent = requests.at(-1) as ChatRequest & {
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
    handler = (_body, res) =>
      answer(res, JSON.stringify({ priority: 'other', reason: 'Asks to be removed', unsubscribe: true }));
    expect(await reader.read({ subject: 'Re: Hello', text: 'Take me off your list' })).toMatchObject({
      priority: 'other',
      unsubscribe: true,
    });
  });

  it('reads nothing from an answer of another shape, a refusal or silence, so the rules decide', async () => {
    handler = (_body, res) => answer(res, JSON.stringify({ priority: 'urgent', reason: 'x', unsubscribe: false }));
    expect(await reader.read({ subject: 'Re: Hello', text: 'Call me' })).toBeNull();
    handler = (_body, res) => answer(res, 'It is a hot lead!');
    expect(await reader.read({ subject: 'Re: Hello', text: 'Call me' })).toBeNull();
    handler = (_body, res) => answer(res, 'Incorrect API key provided', 401);
    expect(await reader.read({ subject: 'Re: Hello', text: 'Call me' })).toBeNull();
    handler = () => {}; // never answers: the 1-second timeout
    expect(await reader.read({ subject: 'Re: Hello', text: 'Call me' })).toBeNull();
  });

  it('reads nothing without a provider', async () => {
    const before = requests.length;
    expect(await createReplyReader(testConfig).read({ subject: 'Re: Hello', text: 'Call me' })).toBeNull();
    expect(requests).toHaveLength(before);
  });
});
