import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the peer answers next: Alpha Vantage's documented answers, and the failures a real network has. */
export type AlphaVantageBehaviour =
  | 'normal'
  /** The per-minute limit: HTTP 200 with a `Note`. */
  | 'note'
  /** The daily limit (and premium-only answers): HTTP 200 with an `Information`. */
  | 'information'
  | 'server-error'
  /** Takes the request and never answers. */
  | 'silent';

export const PEER_API_KEY = 'peer-key';

/** IBM's figures as in Alpha Vantage's documentation examples (GLOBAL_QUOTE and OVERVIEW). */
const COMPANIES: Record<string, { quote: Record<string, string>; overview: Record<string, string> }> = {
  IBM: {
    quote: {
      '01. symbol': 'IBM',
      '02. open': '167.6000',
      '03. high': '168.9500',
      '04. low': '166.6800',
      '05. price': '168.2200',
      '06. volume': '3418722',
      '07. latest trading day': '2024-05-03',
      '08. previous close': '166.2700',
      '09. change': '1.9500',
      '10. change percent': '1.1728%',
    },
    overview: {
      Symbol: 'IBM',
      AssetType: 'Common Stock',
      Name: 'International Business Machines',
      Exchange: 'NYSE',
      Currency: 'USD',
      Sector: 'TECHNOLOGY',
      MarketCapitalization: '154410320000',
      PERatio: '19.06',
      AnalystTargetPrice: '181.29',
    },
  },
  // A company that lost money: Alpha Vantage writes "None" for what it has not.
  LOSS: {
    quote: {
      '01. symbol': 'LOSS',
      '05. price': '21.4800',
      '06. volume': '301000000',
      '07. latest trading day': '2024-08-02',
      '09. change': '-7.5700',
      '10. change percent': '-26.0585%',
    },
    overview: {
      Symbol: 'LOSS',
      Name: 'Loss Corp',
      MarketCapitalization: '91700000000',
      PERatio: 'None',
      AnalystTargetPrice: '-',
    },
  },
};

const RATE_NOTE =
  'Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute and 500 calls per day. Please visit https://www.alphavantage.co/premium/ if you would like to target a higher API call frequency.';
const RATE_INFORMATION =
  'Thank you for using Alpha Vantage! Our standard API rate limit is 25 requests per day. Please subscribe to any of the premium plans at https://www.alphavantage.co/premium/ to instantly remove all daily rate limits.';

/**
 * A local stand-in for https://www.alphavantage.co/query following its documented contract: GLOBAL_QUOTE and
 * OVERVIEW by `function`, `symbol` and `apikey`; an unknown symbol gets an empty "Global Quote" (and an empty
 * overview), a wrong key an "Error Message", the rate limit a 200 with a `Note` or `Information`.
 */
export async function startAlphaVantagePeer() {
  let behaviour: AlphaVantageBehaviour = 'normal';
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const params = new URL(req.url ?? '/', 'http://peer').searchParams;
    requests.push(params);
    if (behaviour === 'silent') return;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (behaviour === 'server-error') {
      res.writeHead(503, { 'content-type': 'text/html' });
      return res.end('<html><body>Service Unavailable</body></html>');
    }
    if (behaviour === 'note') return json(200, { Note: RATE_NOTE });
    if (behaviour === 'information') return json(200, { Information: RATE_INFORMATION });
    if (params.get('apikey') !== PEER_API_KEY) {
      return json(200, {
        'Error Message':
          'the parameter apikey is invalid or missing. Please claim your free API key on (https://www.alphavantage.co/support/#api-key).',
      });
    }
    const company = COMPANIES[params.get('symbol') ?? ''];
    if (params.get('function') === 'GLOBAL_QUOTE') return json(200, { 'Global Quote': company?.quote ?? {} });
    if (params.get('function') === 'OVERVIEW') return json(200, company?.overview ?? {});
    json(200, { 'Error Message': 'This API function does not exist.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    set(next: AlphaVantageBehaviour) {
      behaviour = next;
    },
    /** Answers these symbols too, with IBM's figures under their own symbol and name. */
    know(symbols: readonly string[]) {
      for (const symbol of symbols) {
        COMPANIES[symbol] ??= {
          quote: { ...COMPANIES.IBM.quote, '01. symbol': symbol },
          overview: { ...COMPANIES.IBM.overview, Symbol: symbol, Name: `${symbol} Inc.` },
        };
      }
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type AlphaVantagePeer = Awaited<ReturnType<typeof startAlphaVantagePeer>>;
