import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runAtArrivalRate } from './arrival-rate';

/** A local server that notes when each request arrived and answers it after `delayMs` (one at a time if serial). */
async function startServer(options: { delayMs: number; serial?: boolean }) {
  const arrivals: number[] = [];
  let queue = Promise.resolve();
  const server = http.createServer((request, response) => {
    arrivals.push(performance.now());
    const answer = () =>
      new Promise<void>((done) =>
        setTimeout(() => {
          response.statusCode = request.url === '/fail' ? 500 : 200;
          response.end('ok');
          done();
        }, options.delayMs),
      );
    if (options.serial) queue = queue.then(answer);
    else void answer();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, arrivals, close: () => new Promise((closed) => server.close(closed)) };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('load at a constant arrival rate', () => {
  it('spreads the requests over the window instead of sending each second’s at once', async () => {
    const server = await startServer({ delayMs: 1 });
    close = server.close;
    const result = await runAtArrivalRate({
      base: server.base,
      rate: 50,
      seconds: 2,
      connections: 10,
      timeoutMs: 5000,
      next: () => ({ method: 'GET', path: '/' }),
    });
    expect(result).toMatchObject({ requests: 100, errors: 0 });
    const gaps = server.arrivals.slice(1).map((at, index) => at - server.arrivals[index]);
    // 20 ms apart when due; a burst a second would leave a gap of about a second.
    expect(Math.max(...gaps)).toBeLessThan(500);
    expect(server.arrivals[server.arrivals.length - 1] - server.arrivals[0]).toBeGreaterThan(1800);
    expect(result.p99).toBeLessThan(500);
  });

  it('times each request from when it was due, so a server that falls behind shows in latency and rate', async () => {
    // 25 answers a second at most, asked for 50: the last request, due at 0.98 s, is answered at about 2 s.
    const server = await startServer({ delayMs: 40, serial: true });
    close = server.close;
    const result = await runAtArrivalRate({
      base: server.base,
      rate: 50,
      seconds: 1,
      connections: 1,
      timeoutMs: 10_000,
      next: () => ({ method: 'GET', path: '/' }),
    });
    expect(result.requests).toBe(50);
    expect(result.seconds).toBeGreaterThan(1.8);
    expect(result.requests / result.seconds).toBeLessThan(30);
    expect(result.max).toBeGreaterThan(800);
    expect(result.p50).toBeGreaterThan(300);
  });

  it('counts answers of 400 or more as errors, and sends bodies with their length', async () => {
    const server = await startServer({ delayMs: 1 });
    close = server.close;
    const result = await runAtArrivalRate({
      base: server.base,
      rate: 100,
      seconds: 0.2,
      connections: 5,
      timeoutMs: 5000,
      next: (index) =>
        index % 2 === 0
          ? { method: 'GET', path: '/fail' }
          : { method: 'POST', path: '/', body: '{"a":1}', headers: { 'content-type': 'application/json' } },
    });
    expect(result).toMatchObject({ requests: 20, errors: 10 });
  });
});
