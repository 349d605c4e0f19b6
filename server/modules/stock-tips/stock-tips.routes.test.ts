import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stockTips } from '../../db/schema';
import { jobCatalogue } from '../../jobs/catalogue';
import { type AlphaVantagePeer, PEER_API_KEY, startAlphaVantagePeer } from '../../test/alpha-vantage-peer';
import { createTestApp, getCurrentUser, registerUser } from '../../test/app';
import { ALL_TIP_SYMBOLS } from './tip-symbols';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let now = new Date('2026-03-10T22:30:00Z');
const clock = { now: () => now };

/** A local chat-completions server: answers what `answer` holds, as an OpenAI-compatible provider would. */
let answer: string;
const aiServer: Server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'test-model',
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
      }),
    );
  });
});

let offline: TestApp;
let live: TestApp;
let withAi: TestApp;
let peer: AlphaVantagePeer;

beforeAll(async () => {
  peer = await startAlphaVantagePeer();
  peer.know(ALL_TIP_SYMBOLS);
  await new Promise<void>((resolve) => aiServer.listen(0, '127.0.0.1', resolve));
  const aiBaseUrl = `http://127.0.0.1:${(aiServer.address() as AddressInfo).port}/v1`;
  [offline, live, withAi] = await Promise.all([
    createTestApp({ authRateLimitPerMinute: 1_000 }, { clock }),
    createTestApp(
      { authRateLimitPerMinute: 1_000, marketData: { provider: 'alphavantage', apiKey: PEER_API_KEY, url: peer.url } },
      { clock },
    ),
    createTestApp({ authRateLimitPerMinute: 1_000, aiBaseUrl, aiApiKey: 'sk-test', aiTimeoutMs: 2_000 }, { clock }),
  ]);
});
afterAll(async () => {
  await Promise.all([offline?.close(), live?.close(), withAi?.close(), peer?.stop()]);
  aiServer.closeAllConnections();
  await new Promise((resolve) => aiServer.close(resolve));
});
beforeEach(() => {
  now = new Date('2026-03-10T22:30:00Z');
  peer.set('normal');
});

const call = (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: `lr_session=${token}` } });
const current = async (t: TestApp, token: string) => (await call(t, 'GET', '/api/stock-tip/current', token)).json();
const refresh = (t: TestApp, token: string) => call(t, 'POST', '/api/stock-tip/refresh', token);

async function user(t: TestApp, label: string, industry?: string) {
  const token = await registerUser(t.app, `${label}@tips.test`);
  if (industry) expect((await call(t, 'PUT', '/api/user/profile', token, { industry })).statusCode).toBe(200);
  const id = (await getCurrentUser(t.app, token)).json().id as string;
  return { token, id };
}

describe('GET /api/stock-tip/current and POST /api/stock-tip/refresh', () => {
  it('answers null before the first refresh, then the stored tip with docs/product.md §3’s fields as numeric strings', async () => {
    const { token } = await user(offline, 'first');
    const none = await call(offline, 'GET', '/api/stock-tip/current', token);
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('null');

    const refreshed = await refresh(offline, token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const tip = refreshed.json();
    // Real Estate suits the home and mortgage list.
    expect(['HD', 'JPM', 'AMZN']).toContain(tip.symbol);
    expect(tip).toMatchObject({ sample: true, quoteDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    for (const field of ['currentPrice', 'priceChange', 'priceChangePercent', 'targetPrice']) {
      expect(tip[field], field).toMatch(/^-?\d+(\.\d+)?$/);
    }
    expect(['buy', 'sell', 'hold']).toContain(tip.recommendation);
    expect(tip.aiAnalysis).toContain(`(${tip.symbol})`);
    expect(await current(offline, token)).toEqual(tip);
  });

  it('changes the stock at each refresh, going round the list that suits the industry', async () => {
    const { token } = await user(offline, 'tech', 'Software development');
    const symbols: string[] = [];
    for (let i = 0; i < 5; i++) symbols.push((await refresh(offline, token)).json().symbol);
    for (let i = 1; i < symbols.length; i++) expect(symbols[i]).not.toBe(symbols[i - 1]);
    expect(new Set(symbols)).toEqual(new Set(['AAPL', 'NVDA', 'INTC', 'CRWD']));
    const { token: other } = await user(offline, 'general', 'Quantum widgets');
    expect(ALL_TIP_SYMBOLS).toContain((await refresh(offline, other)).json().symbol);
  });

  it('keeps each user’s tip to that user', async () => {
    const mine = await user(offline, 'mine');
    const theirs = await user(offline, 'theirs');
    const tip = (await refresh(offline, mine.token)).json();
    expect(await current(offline, theirs.token)).toBeNull();
    await refresh(offline, theirs.token);
    expect(await current(offline, mine.token)).toEqual(tip);
  });

  it('needs a signed-in user', async () => {
    expect((await offline.app.inject({ method: 'GET', url: '/api/stock-tip/current' })).statusCode).toBe(401);
    expect((await offline.app.inject({ method: 'POST', url: '/api/stock-tip/refresh' })).statusCode).toBe(401);
  });
});

describe('with Alpha Vantage (a local peer)', () => {
  it('stores the live quote, not marked as sample', async () => {
    const { token } = await user(live, 'live');
    const tip = (await refresh(live, token)).json();
    expect(tip).toMatchObject({ currentPrice: '168.22', priceChange: '1.95', peRatio: '19.06', sample: false });
    expect(tip.name).toBe(`${tip.symbol} Inc.`);
  });

  it('keeps the previous tip when a refresh fails, and answers why', async () => {
    const { token } = await user(live, 'keeps');
    const tip = (await refresh(live, token)).json();

    peer.set('note');
    const limited = await refresh(live, token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^The market data service takes no more requests for now\. /);
    expect(limited.json().message).not.toMatch(/Alpha Vantage|Thank you/);

    peer.set('server-error');
    const down = await refresh(live, token);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe('The market data service is not answering properly. Please try again later.');

    expect(await current(live, token)).toEqual(tip);
  });
});

describe('with an AI provider', () => {
  it('takes its recommendation, target and analysis by structured output', async () => {
    const { token } = await user(withAi, 'ai');
    answer = JSON.stringify({ recommendation: 'buy', targetPrice: 321.5, analysis: 'Strong quarter; room to grow.' });
    const tip = (await refresh(withAi, token)).json();
    expect(tip).toMatchObject({
      recommendation: 'buy',
      targetPrice: '321.50',
      aiAnalysis: 'Strong quarter; room to grow.',
    });
  });

  it('keeps the previous tip when the answer is not a usable analysis', async () => {
    const { token } = await user(withAi, 'ai-bad');
    answer = JSON.stringify({ recommendation: 'hold', targetPrice: null, analysis: 'Fair value.' });
    const tip = (await refresh(withAi, token)).json();
    answer = JSON.stringify({ recommendation: 'to the moon', analysis: '' });
    const failed = await refresh(withAi, token);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe("The AI provider's answer was not a usable stock analysis. Please try again.");
    expect(await current(withAi, token)).toEqual(tip);
  });
});

describe('the daily refresh', () => {
  const job = jobCatalogue['stock-tips.refresh-daily'];
  const log = { info: () => {}, warnings: [] as string[], warn: (line: string) => log.warnings.push(line) };

  it('is a daily job that refreshes users with a tip or a template including it, once a day', async () => {
    expect(job.cron).toBe('30 22 * * *');
    const withTip = await user(offline, 'daily-tip');
    const withTemplate = await user(offline, 'daily-template');
    const neither = await user(offline, 'daily-neither');
    const created = await call(offline, 'POST', '/api/templates', withTemplate.token, {
      name: 'Tipped',
      subject: 'Hello',
      body: '<p>Hi</p>',
      includeStockTip: true,
    });
    expect(created.statusCode).toBe(201);
    const yesterday = (await refresh(offline, withTip.token)).json();

    now = new Date('2026-03-11T22:30:00Z');
    const result = await job.run({}, { services: offline.container.services, log });
    expect(result).toMatchObject({ failed: 0, leftForLater: 0 });
    const today = await current(offline, withTip.token);
    expect(today.symbol).not.toBe(yesterday.symbol);
    expect(await current(offline, withTemplate.token)).not.toBeNull();
    expect(await current(offline, neither.token)).toBeNull();

    // Run again the same day (a retry, a second worker): nobody is refreshed twice.
    now = new Date('2026-03-11T23:30:00Z');
    expect(await offline.container.services.stockTips.refreshDaily()).toMatchObject({ refreshed: 0 });
    expect(await current(offline, withTip.token)).toEqual(today);
  });

  it('logs and skips a user whose refresh fails, and stops at the provider’s limit', async () => {
    const first = await user(live, 'round-1');
    const second = await user(live, 'round-2');
    const firstTip = (await refresh(live, first.token)).json();
    await refresh(live, second.token);
    await live.database.db.update(stockTips).set({ createdAt: new Date('2026-03-09T00:00:00Z') });

    peer.set('server-error');
    log.warnings = [];
    const failed = await job.run({}, { services: live.container.services, log });
    expect(failed).toMatchObject({ refreshed: 0, leftForLater: 0 });
    expect((failed as { failed: number }).failed).toBeGreaterThanOrEqual(2);
    expect(log.warnings).toContain(
      `Stock tip of user ${first.id} not refreshed: The market data service is not answering properly. Please try again later. (Alpha Vantage answered 503.)`,
    );
    expect(await current(live, first.token)).toEqual(firstTip);

    peer.set('information');
    const limited = await live.container.services.stockTips.refreshDaily();
    expect(limited.refreshed).toBe(0);
    expect(limited.failed).toHaveLength(1);
    expect(limited.leftForLater).toBeGreaterThanOrEqual(1);
    const [row] = await live.database.db.select().from(stockTips).where(eq(stockTips.userId, second.id));
    expect(row.createdAt).toEqual(new Date('2026-03-09T00:00:00Z'));
  });
});
