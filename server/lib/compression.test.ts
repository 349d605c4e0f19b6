import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser } from '../test/app';

const t = await createTestApp();
afterAll(() => t.close());

let token: string;
beforeAll(async () => {
  token = await registerUser(t.app, 'compress@example.com');
  const csvData = Array.from({ length: 60 }, (_, i) => ({ email: `lead${i}@example.com`, firstName: `Lead ${i}` }));
  await t.app.inject({
    method: 'POST',
    url: '/api/leads/upload-csv',
    headers: { cookie: `lr_session=${token}` },
    payload: { csvData },
  });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `lr_session=${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed JSON answers', () => {
  it('compresses an answer over 1 KB with brotli or gzip, as accepted, to the same JSON', async () => {
    const plain = await get('/api/leads?limit=100&offset=0');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const brotli = await get('/api/leads?limit=100&offset=0', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    // Compressed in one call (under SYNC_COMPRESSION_BYTES), so its exact length is known and sent.
    expect(Number(brotli.headers['content-length'])).toBe(brotli.rawPayload.length);

    const gzip = await get('/api/leads?limit=100&offset=0', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends small answers as they are', async () => {
    const response = await get('/api/leads/count', 'gzip, deflate, br');
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ total: 60 });
  });

  it('refuses a compressed request body with a message, and stores nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: {
        cookie: `lr_session=${token}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify({ email: 'zipped@example.com' })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect((await get('/api/leads/count')).json()).toMatchObject({ total: 60 });
  });
});
