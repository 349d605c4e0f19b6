import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type AlphaVantagePeer, PEER_API_KEY, startAlphaVantagePeer } from '../../test/alpha-vantage-peer';
import { AlphaVantageMarketData } from './alpha-vantage';
import { MarketDataError } from './market-data';

const peer: AlphaVantagePeer = await startAlphaVantagePeer();
const provider = new AlphaVantageMarketData({ apiKey: PEER_API_KEY, baseUrl: peer.url, timeoutMs: 300 });
afterEach(() => peer.set('normal'));
afterAll(() => peer.stop());

/** The domain error a call ends in. */
async function failure(call: Promise<unknown>): Promise<MarketDataError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MarketDataError);
  return error as MarketDataError;
}

describe('Alpha Vantage', () => {
  it('reads the quote (GLOBAL_QUOTE) and the key figures (OVERVIEW) as decimal strings', async () => {
    expect(await provider.quote('IBM')).toEqual({
      symbol: 'IBM',
      name: 'International Business Machines',
      price: '168.22',
      change: '1.95',
      changePercent: '1.1728',
      volume: 3_418_722,
      marketCap: 154_410_320_000,
      peRatio: '19.06',
      analystTargetPrice: '181.29',
      quoteDate: '2024-05-03',
    });
    const calls = peer.requests.slice(-2).map((params) => Object.fromEntries(params));
    expect(calls).toEqual(
      expect.arrayContaining([
        { function: 'GLOBAL_QUOTE', symbol: 'IBM', apikey: PEER_API_KEY },
        { function: 'OVERVIEW', symbol: 'IBM', apikey: PEER_API_KEY },
      ]),
    );
  });

  it('takes "None" and "-" for figures it does not have, and keeps a fall', async () => {
    expect(await provider.quote('LOSS')).toMatchObject({
      change: '-7.57',
      changePercent: '-26.0585',
      peRatio: null,
      analystTargetPrice: null,
      marketCap: 91_700_000_000,
    });
  });

  it('calls an empty "Global Quote" an unknown symbol', async () => {
    const error = await failure(provider.quote('NOPE'));
    expect(error).toMatchObject({ kind: 'unknown_symbol', code: 'market_data_unknown_symbol' });
    expect(error.message).toBe('Alpha Vantage has no quote for NOPE.');
  });

  it.each(['note', 'information'] as const)('calls a 200 with a rate-limit %s a rate limit', async (answer) => {
    peer.set(answer);
    const error = await failure(provider.quote('IBM'));
    expect(error).toMatchObject({ kind: 'rate_limited', code: 'market_data_rate_limited' });
    expect(error.message).toBe('The market data service takes no more requests for now. Please try again later.');
    expect(error.operatorDetail).toMatch(
      /^Alpha Vantage refused more requests \(its plan's request limit\): Thank you/,
    );
  });

  it('gives up after its timeout when the server does not answer', async () => {
    peer.set('silent');
    const started = Date.now();
    const error = await failure(provider.quote('IBM'));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: 'Alpha Vantage did not answer within 0.3 seconds. Please try again.',
    });
  });

  it('calls a 5xx unavailable; the status is the administrator’s detail', async () => {
    peer.set('server-error');
    const error = await failure(provider.quote('IBM'));
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: 'The market data service is not answering properly. Please try again later.',
      operatorDetail: 'Alpha Vantage answered 503.',
    });
  });

  it('keeps what Alpha Vantage says of a wrong key for the administrator', async () => {
    const wrongKey = new AlphaVantageMarketData({ apiKey: 'wrong', baseUrl: peer.url, timeoutMs: 1_000 });
    const error = await failure(wrongKey.quote('IBM'));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('The market data service refused the request. Your administrator can check its setup.');
    expect(error.operatorDetail).toMatch(
      /^Alpha Vantage refused the request: the parameter apikey is invalid or missing/,
    );
  });

  it('says so when it cannot reach the server', async () => {
    const nowhere = new AlphaVantageMarketData({
      apiKey: PEER_API_KEY,
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 1_000,
    });
    const error = await failure(nowhere.quote('IBM'));
    expect(error).toMatchObject({
      kind: 'unavailable',
      // Plain words for users; the setting is the operator's detail (shown to administrators, and logged).
      message: 'Could not reach the market data service. Try again in a few minutes.',
      operatorDetail:
        'Alpha Vantage could not be reached: check MARKET_DATA_URL and this server’s internet connection.',
    });
  });
});
