import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from './request-body';

export type OsmPeerPlace = { query: string; lat: number; lon: number; displayName: string };
export type OsmPeerBusiness = {
  type?: 'node' | 'way';
  id: number;
  lat: number;
  lon: number;
  tags: Record<string, string>;
};

type Service = 'nominatim' | 'overpass';
type Failure = { status: number; body?: string } | 'hang';

/**
 * Local stand-ins for Nominatim's `/search` (format json/jsonv2) and the Overpass API's `/api/interpreter`
 * (`data=` an Overpass QL query, JSON output), following their documented contracts. The Overpass side really
 * reads the query it gets: each statement's tag filters (`["k"="v"]`, `["k"]`, `["k"~"re",i]`) and
 * `(around:radius,lat,lon)`, the `[out:json]` setting and the `out` statement's `center` and count, so a wrong
 * query finds the wrong businesses.
 */
export async function startOsmPeer(options: { places: OsmPeerPlace[]; businesses: OsmPeerBusiness[] }) {
  const requests: { service: Service; userAgent: string | undefined; at: number; query: string }[] = [];
  const failures: Record<Service, Failure[]> = { nominatim: [], overpass: [] };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const service: Service | null =
      url.pathname === '/search' ? 'nominatim' : url.pathname === '/api/interpreter' ? 'overpass' : null;
    if (!service) {
      res.writeHead(404).end();
      return;
    }
    const params = req.method === 'POST' ? new URLSearchParams(await readRequestBody(req)) : url.searchParams;
    const query = (service === 'nominatim' ? params.get('q') : params.get('data')) ?? '';
    requests.push({ service, userAgent: req.headers['user-agent'], at: Date.now(), query });
    const failure = failures[service].shift();
    if (failure === 'hang') return;
    if (failure) {
      res.writeHead(failure.status, { 'content-type': 'text/html' });
      res.end(failure.body ?? `<html><body><p>Error ${failure.status}</p></body></html>`);
      return;
    }
    const answer = service === 'nominatim' ? nominatim(params, options.places) : overpass(query, options.businesses);
    res.writeHead(answer.status, { 'content-type': answer.json ? 'application/json' : 'text/plain' });
    res.end(answer.json ? JSON.stringify(answer.json) : answer.text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    nominatimUrl: base,
    overpassUrl: `${base}/api/interpreter`,
    requests,
    /** The next request to the service gets this status and body (e.g. 429, 504) instead of an answer. */
    failNext(service: Service, status: number, body?: string) {
      failures[service].push({ status, body });
    },
    /** The next request to the service is taken and never answered (for timeouts). */
    hangNext(service: Service) {
      failures[service].push('hang');
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type OsmPeer = Awaited<ReturnType<typeof startOsmPeer>>;

type Answer = { status: number; json?: unknown; text?: string };

function nominatim(params: URLSearchParams, places: OsmPeerPlace[]): Answer {
  const format = params.get('format');
  if (format !== 'json' && format !== 'jsonv2') return { status: 400, text: 'This peer answers format=json or jsonv2' };
  const q = (params.get('q') ?? '').trim().toLowerCase();
  const limit = Number(params.get('limit') ?? 10);
  const found = places.filter((place) => place.query.toLowerCase() === q).slice(0, limit);
  return {
    status: 200,
    json: found.map((place, index) => ({
      place_id: 100000 + index,
      licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
      osm_type: 'relation',
      osm_id: 62422 + index,
      lat: String(place.lat),
      lon: String(place.lon),
      category: 'boundary',
      type: 'administrative',
      place_rank: 8,
      importance: 0.85,
      addresstype: 'city',
      name: place.displayName.split(',')[0],
      display_name: place.displayName,
      boundingbox: [place.lat - 0.1, place.lat + 0.1, place.lon - 0.1, place.lon + 0.1].map(String),
    })),
  };
}

type Filter = { key: string; op: 'exists' | '=' | '~'; value?: string; caseInsensitive?: boolean };
type Statement = {
  type: 'node' | 'way' | 'nwr';
  filters: Filter[];
  around: { radius: number; lat: number; lon: number };
};

function overpass(query: string, businesses: OsmPeerBusiness[]): Answer {
  if (!/\[out:json\]/.test(query)) return { status: 400, text: 'This peer answers [out:json] queries only' };
  let statements: Statement[];
  try {
    statements = parseStatements(query);
  } catch (error) {
    return { status: 400, text: `Error: line 1: parse error: ${(error as Error).message}` };
  }
  const out = /\bout\b([^;]*);/.exec(query.replace(/\[out:json\]/, ''));
  if (!out || statements.length === 0) return { status: 400, text: 'Error: no statement or no out statement' };
  const withCenter = /\bcenter\b/.test(out[1]);
  const count = Number(/\b(\d+)\s*$/.exec(out[1].trim())?.[1] ?? Number.POSITIVE_INFINITY);
  const matched = new Map<string, OsmPeerBusiness>();
  for (const business of businesses) {
    const type = business.type ?? 'node';
    if (statements.some((statement) => matches(statement, type, business)))
      matched.set(`${type}/${business.id}`, business);
  }
  const elements = [...matched.values()].slice(0, count).map((business) => {
    const type = business.type ?? 'node';
    if (type === 'node') return { type, id: business.id, lat: business.lat, lon: business.lon, tags: business.tags };
    // A way has no coordinates of its own: only `out center` gives it one.
    return {
      type,
      id: business.id,
      ...(withCenter ? { center: { lat: business.lat, lon: business.lon } } : {}),
      nodes: [business.id * 10, business.id * 10 + 1],
      tags: business.tags,
    };
  });
  return {
    status: 200,
    json: {
      version: 0.6,
      generator: 'Overpass API 0.7.62 (local peer)',
      osm3s: {
        timestamp_osm_base: '2026-01-01T00:00:00Z',
        copyright:
          'The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.',
      },
      elements,
    },
  };
}

function matches(statement: Statement, type: 'node' | 'way', business: OsmPeerBusiness) {
  if (statement.type !== 'nwr' && statement.type !== type) return false;
  const { radius, lat, lon } = statement.around;
  if (distanceMetres(lat, lon, business.lat, business.lon) > radius) return false;
  return statement.filters.every((filter) => {
    const value = business.tags[filter.key];
    if (value === undefined) return false;
    if (filter.op === 'exists') return true;
    if (filter.op === '=') return value === filter.value;
    return new RegExp(filter.value ?? '', filter.caseInsensitive ? 'i' : '').test(value);
  });
}

/** Reads `node|way|nwr` statements made of tag filters and one `(around:…)`, Overpass QL's string escapes included. */
function parseStatements(query: string): Statement[] {
  const statements: Statement[] = [];
  const start = /\b(node|way|nwr)(?=\[)/g;
  for (let match = start.exec(query); match; match = start.exec(query)) {
    let position = match.index + match[1].length;
    const filters: Filter[] = [];
    while (query[position] === '[') {
      position++;
      const key = readString(query, position);
      position = key.end;
      const op = query[position];
      if (op === ']') {
        filters.push({ key: key.value, op: 'exists' });
        position++;
        continue;
      }
      if (op !== '=' && op !== '~') throw new Error(`unsupported operator ${op}`);
      const value = readString(query, position + 1);
      position = value.end;
      const caseInsensitive = query.startsWith(',i', position);
      if (caseInsensitive) position += 2;
      if (query[position] !== ']') throw new Error('expected ]');
      position++;
      filters.push({ key: key.value, op, value: value.value, caseInsensitive });
    }
    const around = /^\(around:([\d.]+),(-?[\d.]+),(-?[\d.]+)\)/.exec(query.slice(position));
    if (!around) throw new Error('expected (around:radius,lat,lon)');
    statements.push({
      type: match[1] as Statement['type'],
      filters,
      around: { radius: Number(around[1]), lat: Number(around[2]), lon: Number(around[3]) },
    });
    start.lastIndex = position + around[0].length;
  }
  return statements;
}

function readString(query: string, position: number): { value: string; end: number } {
  if (query[position] !== '"') throw new Error('expected "');
  let value = '';
  for (let index = position + 1; index < query.length; index++) {
    const char = query[index];
    if (char === '"') return { value, end: index + 1 };
    if (char === '\\') {
      const next = query[++index];
      value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
    } else {
      value += char;
    }
  }
  throw new Error('unterminated string');
}

function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number) {
  const radians = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * radians) / 2) ** 2 +
    Math.cos(lat1 * radians) * Math.cos(lat2 * radians) * Math.sin(((lon2 - lon1) * radians) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(a));
}
