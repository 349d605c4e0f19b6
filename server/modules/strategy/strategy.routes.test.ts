import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingStrategies } from '../../db/schema';
import { createTestApp, getCurrentUser, postJson, sessionCookie, validRegistration } from '../../test/app';
import { startChatCompletionsPeer } from '../../test/chat-completions-peer';

// The marketing strategy on both backends: offline (the built-in writer) and with an OpenAI-compatible provider (a
// local chat-completions server), on a clock the tests step.

const MINUTE = 60_000;
let now = new Date('2026-03-02T10:00:00Z');
const clock = { now: () => now };

const peer = await startChatCompletionsPeer();
const withProvider = await createTestApp(
  { aiBaseUrl: peer.url, aiApiKey: 'sk-test', aiModel: 'local-model', aiTimeoutMs: 1000 },
  { clock },
);
const offline = await createTestApp({}, { clock });
afterAll(async () => {
  await withProvider.close();
  await offline.close();
  await peer.close();
});

const aiStrategy = {
  recommendedEmailsPerWeek: 4,
  recommendedTargetAudience: 'Young families moving to north Austin.',
  recommendedTone: 'friendly',
  recommendedFollowupStrategy: 'A market update each week in the same thread; stop when they reply.',
};

/** Registers a user with these profile fields and answers a caller signed in as them. */
async function signUp(
  app: FastifyInstance,
  email: string,
  profile: Partial<ReturnType<typeof validRegistration>> = {},
) {
  const registered = await postJson(app, '/api/auth/register', { ...validRegistration(email), ...profile });
  const token = sessionCookie(registered);
  if (registered.statusCode !== 201 || !token) throw new Error(registered.body);
  const userId = (await getCurrentUser(app, token)).json().id as string;
  const call = (method: 'GET' | 'POST' | 'PUT', payload?: object) =>
    app.inject({ method, url: '/api/marketing-strategy', payload, headers: { cookie: `lr_session=${token}` } });
  return { token, userId, call };
}

const rowsOf = (app: typeof offline, userId: string) =>
  app.database.db.select().from(marketingStrategies).where(eq(marketingStrategies.userId, userId));

describe('offline', () => {
  it('answers 404 before a strategy exists, then generates one from the profile', async () => {
    const user = await signUp(offline.app, 'first@offline.test');
    const missing = await user.call('GET');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Marketing strategy not found' });

    const generated = await user.call('POST');
    expect(generated.statusCode, generated.body).toBe(200);
    const strategy = generated.json();
    expect(strategy).toMatchObject({ status: 'generated', writer: 'offline', customAdjustments: null });
    expect(strategy.recommendedEmailsPerWeek).toBeGreaterThanOrEqual(2);
    expect(strategy.recommendedEmailsPerWeek).toBeLessThanOrEqual(5);
    expect(strategy.recommendedTargetAudience).toContain('First-time buyers in Austin');
    expect(strategy.recommendedTargetAudience).toContain('Reyes Realty');
    expect(strategy.recommendedFollowupStrategy).toContain('home sales at Reyes Realty');
    expect((await user.call('GET')).json()).toEqual(strategy);
  });

  it('generates one strategy however many first visits arrive at once', async () => {
    const user = await signUp(offline.app, 'tabs@offline.test');
    const [posts, gets] = await Promise.all([
      Promise.all([user.call('POST'), user.call('POST'), user.call('POST', {}), user.call('POST')]),
      Promise.all([user.call('GET'), user.call('GET')]),
    ]);
    // Each visit sees the one strategy, written or being written; a read may come before the first write.
    for (const answer of posts) expect(['generating', 'generated']).toContain(answer.json().status);
    for (const answer of gets) expect([200, 404]).toContain(answer.statusCode);
    expect(await rowsOf(offline, user.userId)).toHaveLength(1);
    expect((await user.call('GET')).json().status).toBe('generated');
  });

  it('saves the strategy as approved, then as adjusted with notes', async () => {
    const user = await signUp(offline.app, 'save@offline.test');
    await user.call('POST');
    const approved = await user.call('PUT', {
      status: 'approved',
      customAdjustments: '',
      recommendedEmailsPerWeek: 5,
      recommendedTone: 'casual',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      recommendedEmailsPerWeek: 5,
      recommendedTone: 'casual',
      customAdjustments: null,
    });

    const adjusted = await user.call('PUT', {
      status: 'adjusted',
      customAdjustments: '  Mention our free parking.  ',
      recommendedEmailsPerWeek: 2,
      recommendedTone: 'friendly',
    });
    expect(adjusted.json()).toMatchObject({
      status: 'adjusted',
      recommendedEmailsPerWeek: 2,
      recommendedTone: 'friendly',
      customAdjustments: 'Mention our free parking.',
    });
    expect((await user.call('GET')).json()).toEqual(adjusted.json());
    // Asking again does not write a new one over the saved strategy.
    expect((await user.call('POST')).json()).toEqual(adjusted.json());
  });

  it('refuses a save outside the rules with a message naming the field', async () => {
    const user = await signUp(offline.app, 'rules@offline.test');
    await user.call('POST');
    const valid = {
      status: 'approved',
      customAdjustments: null,
      recommendedEmailsPerWeek: 3,
      recommendedTone: 'friendly',
    };
    const refused = async (change: object) => {
      const response = await user.call('PUT', { ...valid, ...change });
      expect(response.statusCode).toBe(400);
      return response.json().message;
    };
    const perWeek = 'Emails per week must be a whole number from 2 to 5.';
    expect(await refused({ recommendedEmailsPerWeek: 1 })).toBe(perWeek);
    expect(await refused({ recommendedEmailsPerWeek: 6 })).toBe(perWeek);
    expect(await refused({ recommendedEmailsPerWeek: 2.5 })).toBe(perWeek);
    expect(await refused({ recommendedTone: 'formal' })).toBe('Email tone must be professional, friendly or casual.');
    expect(await refused({ status: 'generated' })).toBe('Status must be approved or adjusted.');
    expect(await refused({ customAdjustments: 'x'.repeat(2001) })).toBe('Notes must be at most 2000 characters.');
    expect((await user.call('GET')).json().status).toBe('generated');
  });

  it('keeps each user to their own strategy, and answers 404 to a save without one', async () => {
    const owner = await signUp(offline.app, 'owner@offline.test');
    const other = await signUp(offline.app, 'other@offline.test');
    await owner.call('POST');
    expect((await other.call('GET')).statusCode).toBe(404);
    const save = await other.call('PUT', {
      status: 'approved',
      customAdjustments: null,
      recommendedEmailsPerWeek: 3,
      recommendedTone: 'professional',
    });
    expect(save.statusCode).toBe(404);
    expect(save.json()).toEqual({ message: 'Marketing strategy not found' });
    expect((await owner.call('GET')).statusCode).toBe(200);
  });

  it('writes for the user’s industry and clients', async () => {
    const realtor = await signUp(offline.app, 'realtor@offline.test');
    const insurer = await signUp(offline.app, 'insurer@offline.test', {
      companyName: 'Shield Cover',
      industry: 'Insurance',
      service: 'Home and auto insurance',
      preferredLocalClients: 'Families in Round Rock',
    });
    const roofer = await signUp(offline.app, 'roofer@offline.test', {
      companyName: 'Top Roofs',
      industry: 'Roofing',
      service: 'Roof repair',
      preferredLocalClients: 'Homeowners in Pflugerville',
    });
    const [home, cover, roof] = await Promise.all(
      [realtor, insurer, roofer].map(async (user) => (await user.call('POST')).json()),
    );
    expect(cover.recommendedTargetAudience).toContain('Families in Round Rock');
    expect(cover.recommendedTargetAudience).toContain('Shield Cover');
    expect(cover.recommendedTargetAudience).toMatch(/policies renew/);
    expect(roof.recommendedFollowupStrategy).toContain('roof repair at Top Roofs');
    expect(
      new Set([home.recommendedTargetAudience, cover.recommendedTargetAudience, roof.recommendedTargetAudience]).size,
    ).toBe(3);
    expect(
      new Set([home.recommendedFollowupStrategy, cover.recommendedFollowupStrategy, roof.recommendedFollowupStrategy])
        .size,
    ).toBe(3);
    expect([home.recommendedTone, cover.recommendedTone, roof.recommendedTone]).toEqual([
      'friendly',
      'professional',
      'friendly',
    ]);
    expect([home.recommendedEmailsPerWeek, cover.recommendedEmailsPerWeek, roof.recommendedEmailsPerWeek]).toEqual([
      3, 2, 4,
    ]);
  });

  it('answers 401 when signed out', async () => {
    const save = { status: 'approved', recommendedEmailsPerWeek: 3, recommendedTone: 'professional' };
    for (const [method, payload] of [['GET'], ['POST'], ['PUT', save]] as const) {
      expect((await offline.app.inject({ method, url: '/api/marketing-strategy', payload })).statusCode).toBe(401);
    }
  });
});

describe('with an OpenAI-compatible provider', () => {
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    user = await signUp(withProvider.app, 'ai@provider.test');
  });

  it('asks once for a structured strategy from the profile, however many first visits arrive at once', async () => {
    peer.behaviour = { content: JSON.stringify(aiStrategy) };
    peer.delayMs = 200;
    const before = peer.requests.length;
    const answers = await Promise.all([user.call('POST'), user.call('POST'), user.call('GET'), user.call('POST')]);
    peer.delayMs = 0;
    expect(peer.requests.length - before).toBe(1);
    expect(await rowsOf(withProvider, user.userId)).toHaveLength(1);
    // The one that wrote it answers it; the others saw it being written.
    const statuses = answers.map((answer) => answer.statusCode === 200 && answer.json().status);
    expect(statuses.filter((status) => status === 'generated')).toHaveLength(1);
    expect(statuses.filter((status) => status !== 'generated').every((s) => s === 'generating' || s === false)).toBe(
      true,
    );
    expect((await user.call('GET')).json()).toMatchObject({ ...aiStrategy, status: 'generated', writer: 'ai' });

    const sent = peer.requests.at(-1);
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.model).toBe('local-model');
    expect(sent?.response_format.type).toBe('json_schema');
    expect(sent?.response_format.json_schema?.name).toBe('marketing_strategy');
    expect(sent?.messages[1].content).toContain('Company: Reyes Realty');
    expect(sent?.messages[1].content).toContain('Preferred local clients: First-time buyers in Austin');
  });

  it('keeps the strategy when a regeneration gets a malformed answer, and regenerates on request', async () => {
    await user.call('PUT', { ...pick(aiStrategy), status: 'approved', customAdjustments: 'Keep it short.' });
    peer.behaviour = { content: JSON.stringify({ ...aiStrategy, recommendedEmailsPerWeek: 9 }) };
    const malformed = await user.call('POST', { regenerate: true });
    expect(malformed.statusCode).toBe(502);
    expect(malformed.json()).toEqual({
      message: "The AI provider's answer was not a usable strategy. Please try again.",
    });
    const kept = (await user.call('GET')).json();
    expect(kept).toMatchObject({
      status: 'approved',
      customAdjustments: 'Keep it short.',
      recommendedTone: 'friendly',
    });
    const [row] = await rowsOf(withProvider, user.userId);
    expect(row.lastError).toBe("The AI provider's answer was not a usable strategy. Please try again.");

    peer.behaviour = { content: JSON.stringify({ ...aiStrategy, recommendedTone: 'casual' }) };
    const regenerated = await user.call('POST', { regenerate: true });
    expect(regenerated.json()).toMatchObject({
      status: 'generated',
      recommendedTone: 'casual',
      // The user's own notes stay.
      customAdjustments: 'Keep it short.',
    });
  });

  it('leaves no strategy when the first generation times out or the answer is not JSON, so the next try generates', async () => {
    const late = await signUp(withProvider.app, 'late@provider.test');
    peer.behaviour = 'never';
    const started = Date.now();
    const timedOut = await late.call('POST');
    expect(timedOut.statusCode).toBe(502);
    expect(timedOut.json()).toEqual({ message: 'The AI provider did not answer within 1 seconds. Please try again.' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await late.call('GET')).statusCode).toBe(404);

    peer.behaviour = { content: 'Here is a great strategy for you: send more emails!' };
    expect((await late.call('POST')).statusCode).toBe(502);
    expect(await rowsOf(withProvider, late.userId)).toHaveLength(0);

    peer.behaviour = { content: `\`\`\`json\n${JSON.stringify(aiStrategy)}\n\`\`\`` };
    expect((await late.call('POST')).json()).toMatchObject({ ...aiStrategy, status: 'generated' });
  });

  it('does not let a generation a stopped process left behind block for more than a few minutes', async () => {
    const crashed = await signUp(withProvider.app, 'crashed@provider.test');
    // What a process that stopped mid-generation leaves: a claimed row and nothing written.
    await withProvider.database.db
      .insert(marketingStrategies)
      .values({ userId: crashed.userId, status: 'generating', createdAt: now, updatedAt: now });
    expect((await crashed.call('GET')).json().status).toBe('generating');
    peer.behaviour = { content: JSON.stringify(aiStrategy) };
    const before = peer.requests.length;
    expect((await crashed.call('POST')).json().status).toBe('generating');
    expect(peer.requests.length).toBe(before);
    expect((await crashed.call('PUT', { ...pick(aiStrategy), status: 'approved' })).statusCode).toBe(409);

    now = new Date(now.getTime() + 5 * MINUTE);
    expect((await crashed.call('GET')).statusCode).toBe(404);
    expect((await crashed.call('POST')).json()).toMatchObject({ ...aiStrategy, status: 'generated', writer: 'ai' });
    expect(peer.requests.length).toBe(before + 1);
  });
});

const pick = ({ recommendedEmailsPerWeek, recommendedTone }: typeof aiStrategy) => ({
  recommendedEmailsPerWeek,
  recommendedTone,
});
