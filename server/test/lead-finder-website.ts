import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny local business website: a home page linking to a contact page whose `mailto:` link is the address the
 * email discovery should find, and nothing forbidden by robots.txt.
 */
export async function startBusinessWebsite(email: string) {
  const pages: Record<string, string> = {
    '/': '<html><body><h1>City Teeth</h1><a href="/contact">Contact us</a></body></html>',
    '/contact': `<html><body><p>Write to us: <a href="mailto:${email}">${email}</a></p></body></html>`,
    '/robots.txt': 'User-agent: *\nAllow: /\n',
  };
  const server: Server = createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://site').pathname];
    if (page === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
      return;
    }
    res.writeHead(200, { 'content-type': req.url === '/robots.txt' ? 'text/plain' : 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
