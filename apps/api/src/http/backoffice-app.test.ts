import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/support.ts';

const root = await mkdtemp(path.join(tmpdir(), 'lotus-bo-'));
const webDist = path.join(root, 'web');
const backofficeDist = path.join(root, 'backoffice');
for (const dist of [webDist, backofficeDist]) await mkdir(path.join(dist, 'assets'), { recursive: true });
await writeFile(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>member site</title></head></html>',
);
await writeFile(
  path.join(backofficeDist, 'index.html'),
  '<!doctype html><html><head><meta name="merchant" content=""><title>back office</title></head><body></body></html>',
);
await writeFile(path.join(backofficeDist, 'assets', 'index-abc123.js'), 'console.info("bo")');
const BO_JS = `export const rows = ${JSON.stringify('deposit '.repeat(300))};\n`;
await writeFile(path.join(backofficeDist, 'assets', 'main-Q1w2e3R4.js'), BO_JS);
await writeFile(path.join(backofficeDist, 'assets', 'main-Q1w2e3R4.js.br'), brotliCompressSync(BO_JS));
await writeFile(path.join(backofficeDist, 'assets', 'main-Q1w2e3R4.js.gz'), gzipSync(BO_JS));

const ctx = setupTestApp({ webDist, backofficeDist });

const get = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: 'localhost', accept: 'text/html' } });

describe('serving the back office', () => {
  it('answers every path under /backoffice/ with its index.html and the brand of the host', async () => {
    for (const url of ['/backoffice/', '/backoffice/members/12', '/backoffice/index.html']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>back office</title>');
      expect(res.body).toContain('<meta name="merchant" content="DEMO">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache, 404 for missing ones, and keeps the member site elsewhere', async () => {
    const asset = await get('/backoffice/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/backoffice/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/backoffice')).headers.location).toBe('/backoffice/');
    expect((await get('/members')).body).toContain('<title>member site</title>');
    const unknownApi = await get('/bo/v1/nothing-here');
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json()).toMatchObject({ success: false, errorCode: 'not_found' });
  });

  it('sends the precompressed brotli or gzip sibling by Accept-Encoding, and the page compressed', async () => {
    const fetchAs = (url: string, acceptEncoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url,
        headers: { host: 'localhost', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const br = await fetchAs('/backoffice/assets/main-Q1w2e3R4.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BO_JS);
    const gz = await fetchAs('/backoffice/assets/main-Q1w2e3R4.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BO_JS);
    const plain = await fetchAs('/backoffice/assets/main-Q1w2e3R4.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BO_JS);
    expect((await fetchAs('/backoffice/assets/main-Q1w2e3R4.js.br', 'br')).statusCode).toBe(404);
    const html = await fetchAs('/backoffice/members', 'br');
    expect(html.headers['content-encoding']).toBe('br');
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(html.rawPayload).toString()).toContain('<title>back office</title>');
    // A file-looking path under the prefix is a 404, not the app.
    for (const url of ['/backoffice/favicon.png', '/backoffice/main.js.map']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
