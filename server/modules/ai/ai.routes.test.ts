import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser } from '../../test/app';
import { type ChatRequest, startChatCompletionsPeer } from '../../test/chat-completions-peer';

const peer = await startChatCompletionsPeer();

const withProvider = await createTestApp({
  aiBaseUrl: peer.url,
  aiApiKey: 'sk-test',
  aiModel: 'local-model',
  aiTimeoutMs: 1500,
});
const offline = await createTestApp();
afterAll(async () => {
  await withProvider.close();
  await offline.close();
  await peer.close();
});

let providerUser: string;
let offlineUser: string;
beforeAll(async () => {
  providerUser = await registerUser(withProvider.app, 'ai@provider.test');
  offlineUser = await registerUser(offline.app, 'ai@offline.test');
});

const generate = (app: typeof offline.app, token: string, prompt: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/ai/generate-from-prompt',
    headers: { cookie: `lr_session=${token}` },
    payload: { prompt },
  });

describe('with an OpenAI-compatible provider', () => {
  it('sends the prompt with the profile and returns a sanitised draft', async () => {
    peer.behaviour = {
      content: JSON.stringify({ subject: 'Spring roofs', body: '<p>Hi {firstName|there}</p><script>x()</script>' }),
    };
    const response = await generate(withProvider.app, providerUser, 'Invite homeowners to a free roof check');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subject: 'Spring roofs', body: '<p>Hi {firstName|there}</p>', source: 'ai' });
    const sent = peer.requests.at(-1) as ChatRequest;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.model).toBe('local-model');
    expect(sent.response_format).toEqual({ type: 'json_object' });
    expect(sent.messages[0].content).toContain('Reyes Realty');
    expect(sent.messages[0].content).toContain('First-time buyers in Austin');
    expect(sent.messages[1]).toEqual({ role: 'user', content: 'Invite homeowners to a free roof check' });
  });

  it('accepts a fenced JSON answer and a plain-text body', async () => {
    peer.behaviour = { content: '```json\n{"subject":"Hi","body":"First paragraph.\\n\\nSecond <b>one</b>."}\n```' };
    const response = await generate(withProvider.app, providerUser, 'anything');
    expect(response.json()).toEqual({
      subject: 'Hi',
      body: '<p>First paragraph.</p><p>Second <b>one</b>.</p>',
      source: 'ai',
    });
  });

  it('turns a malformed answer into a 502 the toast can show', async () => {
    peer.behaviour = { content: 'Sure! Here is your email: Dear friend…' };
    const response = await generate(withProvider.app, providerUser, 'anything');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: "The AI provider's answer was not a usable draft. Please try again." });
  });

  it('turns a provider error into a 502 in plain words; its reason is the administrator’s detail', async () => {
    peer.behaviour = { status: 401, message: 'Incorrect API key provided' };
    const plain = "The AI provider refused this server's access. Your administrator can fix its setup.";
    const forAdmin = await generate(withProvider.app, providerUser, 'anything');
    expect(forAdmin.statusCode).toBe(502);
    expect(forAdmin.json().message).toBe(
      `${plain} Details for the administrator: The AI provider answered 401: Incorrect API key provided. Check AI_API_KEY and AI_MODEL.`,
    );
    const agent = await registerUser(withProvider.app, 'agent@provider.test');
    peer.behaviour = { status: 401, message: 'Incorrect API key provided' };
    const forUser = await generate(withProvider.app, agent, 'anything');
    expect(forUser.statusCode).toBe(502);
    expect(forUser.json()).toEqual({ message: plain });
  });

  it('gives up after the timeout with a 502', async () => {
    peer.behaviour = 'never';
    const started = Date.now();
    const response = await generate(withProvider.app, providerUser, 'anything');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'The AI provider did not answer within 2 seconds. Please try again.' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('without a provider (offline writer)', () => {
  it('writes a draft from the prompt and the profile, and says it is offline', async () => {
    const prompt =
      'a friendly note to families in Austin who might sell their home this spring, offering a free home valuation';
    const response = await generate(offline.app, offlineUser, prompt);
    expect(response.statusCode).toBe(200);
    const draft = response.json();
    expect(draft.source).toBe('offline');
    // A subject about the offer; an opening on the season and the area; the offer; one ask; the sender.
    expect(draft.subject).toMatch(/^(Your f|F)ree home valuation this spring$/);
    const paragraphs = [...draft.body.matchAll(/<p>(.*?)<\/p>/g)].map(([, html]) => html);
    expect(paragraphs[0]).toBe('Hi {firstName|there},');
    expect(paragraphs[1]).toMatch(/spring .*in Austin, .*families who might sell their home\./);
    expect(paragraphs[2]).toMatch(/^I'm Dana from Reyes Realty[,.] .*first-time buyers in Austin with home sales\.$/);
    expect(paragraphs[3]).toContain('a free home valuation');
    expect(paragraphs[4]).toMatch(/book your free home valuation\?/);
    expect(paragraphs[5]).toBe('Warm wishes,<br />Dana<br />Reyes Realty');
    // Never the prompt pasted, never a capital mid-sentence that is not a name.
    expect(draft.body).not.toContain('families in Austin who might sell their home this spring');
    expect(draft.body).not.toContain('Families');
  });

  it('keeps what the prompt says safe and out of the template syntax', async () => {
    const response = await generate(
      offline.app,
      offlineUser,
      'Invite <b>homeowners</b> to our {{spin: open house | party}} on Saturday <script>alert(1)</script>',
    );
    const draft = response.json();
    expect(response.statusCode).toBe(200);
    expect(draft.body).not.toMatch(/<script|<b>|\{\{spin/);
    expect(draft.body.match(/\{[^}]*\}/g)).toEqual(['{firstName|there}']);
  });

  it('gives different drafts for different prompts and the same draft for the same prompt', async () => {
    const a = (await generate(offline.app, offlineUser, 'Offer a free home valuation this month')).json();
    const b = (await generate(offline.app, offlineUser, 'Announce our new mortgage pre-approval service')).json();
    const again = (await generate(offline.app, offlineUser, 'Offer a free home valuation this month')).json();
    expect(a.subject).not.toBe(b.subject);
    expect(a.body).not.toBe(b.body);
    expect(again).toEqual(a);
  });

  it('refuses an empty prompt with the editor’s message', async () => {
    const response = await generate(offline.app, offlineUser, '   ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please enter a description for the AI to generate content.' });
  });

  it('answers 401 when signed out', async () => {
    const response = await offline.app.inject({
      method: 'POST',
      url: '/api/ai/generate-from-prompt',
      payload: { prompt: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/admin/ai-provider', () => {
  const status = (app: typeof offline.app, token: string) =>
    app.inject({ method: 'GET', url: '/api/admin/ai-provider', headers: { cookie: `lr_session=${token}` } });

  it('tells the administrator which provider drafts, never its key', async () => {
    // Each app's first user is its administrator.
    const online = await status(withProvider.app, providerUser);
    expect(online.statusCode).toBe(200);
    expect(online.json()).toEqual({
      source: 'ai',
      baseUrl: peer.url,
      model: 'local-model',
      settings: ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'],
    });
    expect(online.body).not.toContain('sk-test');
    expect((await status(offline.app, offlineUser)).json()).toEqual({
      source: 'offline',
      baseUrl: null,
      model: null,
      settings: ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'],
    });
  });

  it('refuses users who are not administrators, and the signed out', async () => {
    const member = await registerUser(offline.app, 'member@offline.test');
    const refused = await status(offline.app, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to access this page.' });
    expect((await offline.app.inject({ method: 'GET', url: '/api/admin/ai-provider' })).statusCode).toBe(401);
  });
});
