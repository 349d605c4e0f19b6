// The lead finder's outside world for the browser tests, on fixed ports the e2e server is pointed at:
// Nominatim and Overpass (server/test/osm-peer.ts, behind a forwarder on LEAD_FINDER_FIXTURE_PORT) and two small
// business websites with a contact page (on LEAD_FINDER_WEBSITE_PORT).
import { createServer } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { startOsmPeer } from '../../server/test/osm-peer';

export const LEAD_FINDER_FIXTURE_PORT = Number(process.env.LEAD_FINDER_FIXTURE_PORT ?? 5192);
export const LEAD_FINDER_WEBSITE_PORT = Number(process.env.LEAD_FINDER_WEBSITE_PORT ?? 5193);
const website = `http://127.0.0.1:${LEAD_FINDER_WEBSITE_PORT}`;
/** Searching near this place finds the map service unreachable. */
export const UNREACHABLE_PLACE = 'Nowhere-Offline';

/** Lakeview (a made-up town) and its florists: one listing an email, one with a website, one with neither. */
const centre = { lat: 44.5, lon: -73.2 };
const osm = await startOsmPeer({
  places: [{ query: 'Lakeview', ...centre, displayName: 'Lakeview, Vermont, United States' }],
  businesses: [
    {
      id: 1,
      lat: centre.lat + 0.01,
      lon: centre.lon,
      tags: {
        shop: 'florist',
        name: 'Petal Pushers',
        email: 'hello@petalpushers.test',
        'addr:street': 'Main Street',
        'addr:housenumber': '1',
      },
    },
    {
      id: 2,
      lat: centre.lat + 0.02,
      lon: centre.lon,
      tags: {
        shop: 'florist',
        name: 'Bloom Room',
        website: `${website}/`,
        'addr:street': 'Lake Road',
        'addr:housenumber': '7',
      },
    },
    {
      id: 3,
      lat: centre.lat + 0.03,
      lon: centre.lon,
      tags: { shop: 'florist', name: 'Stem Studio', 'addr:street': 'Hill Lane', 'addr:housenumber': '3' },
    },
  ],
});

createServer(async (req, res) => {
  if (req.url === '/health') {
    res.end('ok');
    return;
  }
  // A place whose geocoding finds no network: the connection drops before any answer (the map service unreachable).
  if (req.url?.includes(UNREACHABLE_PLACE)) {
    req.socket.destroy();
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const forwarded = await fetch(`${osm.nominatimUrl}${req.url}`, {
    method: req.method,
    headers: {
      'content-type': req.headers['content-type'] ?? 'text/plain',
      'user-agent': req.headers['user-agent'] ?? '',
    },
    body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
  });
  res.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'text/plain' });
  res.end(Buffer.from(await forwarded.arrayBuffer()));
}).listen(LEAD_FINDER_FIXTURE_PORT, '127.0.0.1');

const pages: Record<string, string> = {
  '/robots.txt': 'User-agent: *\nAllow: /\n',
  '/': '<html><body><h1>Bloom Room</h1><a href="/contact">Contact</a></body></html>',
  '/contact': '<html><body><a href="mailto:orders@bloomroom.test">orders@bloomroom.test</a></body></html>',
};
/** How long the website's home page takes: long enough for the screen to show the search's progress. */
const WEBSITE_DELAY_MS = 1500;
createServer(async (req, res) => {
  if (req.url === '/') await delay(WEBSITE_DELAY_MS);
  const page = pages[req.url ?? '/'];
  res.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page ?? '<p>Not found</p>');
}).listen(LEAD_FINDER_WEBSITE_PORT, '127.0.0.1');
