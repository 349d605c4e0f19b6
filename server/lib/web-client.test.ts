import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

const webDist = mkdtempSync(path.join(tmpdir(), 'lr-web-'));
mkdirSync(path.join(webDist, 'assets'));
const indexHtml = `<!doctype html><title>LocalReach</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const appJs = `console.log("app");${' void 0;'.repeat(400)}`;
// As the build writes them (scripts/precompress.ts): each file with its .br and .gz copies.
for (const [file, text] of [
  ['index.html', indexHtml],
  ['assets/index-abc123.js', appJs],
]) {
  writeFileSync(path.join(webDist, file), text);
  writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(text));
  writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(text));
}

const t = await createTestApp({}, { webDist });
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('serving the web client', () => {
  it.each(['/', '/leads', '/pricing', '/some/unknown/page'])('answers %s with the app shell', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli copy to browsers that accept it, gzip to those that take only gzip, else the file', async () => {
    const brotli = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(appJs);

    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(appJs);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
  });

  it('sends the page shell of client routes compressed too', async () => {
    const response = await get('/templates', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(indexHtml);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await get('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /api/does-not-exist' });
  });
});
