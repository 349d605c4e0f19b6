import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createContainer } from '../container';
import { testConfig } from '../test/app';
import { createTestDatabase } from '../test/database';
import { createLogger, loggerOptions } from './logger';

describe('request logging', () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let close: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const container = await createContainer(testConfig, database, { log: createLogger('info', sink) });
    app = await buildApp(container, { webDist: null });
    close = async () => {
      await app.close();
      await container.close();
      await database.dispose();
    };
  });
  afterAll(() => close?.());

  it('writes one info line per request: method, path without the query, status and time', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/health?secret=word' });
    await app.inject({ method: 'GET', url: '/api/leads' });
    const requests = lines.filter((line) => 'statusCode' in line);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: 30, method: 'GET', path: '/api/health', statusCode: 200 });
    expect(requests[0].msg).toMatch(/^GET \/api\/health 200 [\d.]+ ms$/);
    // A refused request carries the reason its user was given.
    expect(requests[1]).toMatchObject({ method: 'GET', path: '/api/leads', statusCode: 401, reason: 'Unauthorized' });
    expect(requests[1].msg).toMatch(/^GET \/api\/leads 401 [\d.]+ ms: Unauthorized$/);
    expect(requests[0]).not.toHaveProperty('reason');
    expect(JSON.stringify(lines)).not.toContain('secret=word');
    // Fastify's own "incoming request" / "request completed" pair is off.
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
  });

  it('is pretty in a terminal outside production, JSON otherwise', () => {
    expect(loggerOptions('info', { isTTY: true, nodeEnv: 'development' }).transport).toMatchObject({
      target: 'pino-pretty',
    });
    expect(loggerOptions('info', { isTTY: true, nodeEnv: 'production' }).transport).toBeUndefined();
    expect(loggerOptions('info', { isTTY: false }).transport).toBeUndefined();
  });
});
