import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createBrand, setupTestApp } from '../../test/support.ts';
import { updateBrandSettings } from '../domains/brands/brand-settings.ts';

const webDist = await mkdtemp(path.join(tmpdir(), 'lotus-web-'));
await mkdir(path.join(webDist, 'assets'), { recursive: true });
await mkdir(path.join(webDist, 'icons'), { recursive: true });
await writeFile(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><meta charset="utf-8"><meta name="merchant" content=""><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
);
await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.info("app")');
await writeFile(path.join(webDist, 'manifest.webmanifest'), '{"name":"Lotus"}');

/** A built asset with the .br and .gz siblings the Vite build writes next to it. */
const APP_JS = `export const words = ${JSON.stringify('lotus '.repeat(400))};\n`;
await writeFile(path.join(webDist, 'assets', 'app-Dx9k2Lq1.js'), APP_JS);
await writeFile(path.join(webDist, 'assets', 'app-Dx9k2Lq1.js.br'), brotliCompressSync(APP_JS));
await writeFile(path.join(webDist, 'assets', 'app-Dx9k2Lq1.js.gz'), gzipSync(APP_JS));
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
await writeFile(path.join(webDist, 'icons', 'icon.svg'), ICON_SVG);
await writeFile(path.join(webDist, 'icons', 'icon.svg.br'), brotliCompressSync(ICON_SVG));
// An ICO file starts with reserved 0, type 1 (icon), image count.
const FAVICON = Buffer.from([
  0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 4, 0, 0, 0, 22, 0, 0, 0, 1, 2, 3, 4,
]);
await writeFile(path.join(webDist, 'favicon.ico'), FAVICON);

const ctx = setupTestApp({ webDist });
const withoutBuild = setupTestApp();

const page = (url: string, host = 'localhost', accept = 'text/html,application/xhtml+xml') =>
  ctx.app.inject({ method: 'GET', url, headers: { host, accept } });
const fetchFile = (url: string, acceptEncoding?: string, host = 'localhost') =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: {
      host,
      accept: '*/*',
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });
const varies = (header: unknown) => String(header).toLowerCase().split(/,\s*/).includes('accept-encoding');

describe('serving the web app', () => {
  it("fills the merchant meta from the host's brand, with no-cache", async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<meta name="merchant" content="DEMO">');
    expect((await page('/index.html', '127.0.0.1:8080')).body).toContain('content="DEMO"');
  });

  it('serves another brand on its own domain and an empty code on an unknown one', async () => {
    const brand = await createBrand(ctx.db);
    const domain = `${brand.merchantCode.toLowerCase()}.example`;
    expect((await page('/index', domain)).body).toContain(`content="${brand.merchantCode}"`);
    const unknown = await page('/index', 'evil.example');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<meta name="merchant" content="">');
  });

  it('falls back to index.html for page routes, not for API, docs or asset paths', async () => {
    for (const route of ['/index', '/register.html', '/help?page=about', '/promoDetail']) {
      const res = await page(route);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const api = await page('/wps/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ errorCode: 'not_found' });
    expect((await page('/assets/missing-123.js')).statusCode).toBe(404);
    expect((await page('/lgw/unknown')).statusCode).toBe(404);
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await page('/assets/index-abc123.js', 'localhost', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await page('/manifest.webmanifest', 'localhost', '*/*');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toContain('max-age=0');
  });

  it('falls back to the HTML only for client routes: a missing file is a 404', async () => {
    for (const route of ['/index', '/rng?page=12', '/register.html', '/promoDetail?id=1.5', '/a.b/c']) {
      const res = await page(route);
      expect(res.statusCode, route).toBe(200);
      expect(res.body, route).toContain('<div id="root">');
    }
    for (const route of [
      '/assets/app-Dx9k2Lq1.css',
      '/assets/nothing',
      '/favicon.png',
      '/apple-touch-icon.png',
      '/index.js.map',
      '/icons/missing.svg',
      '/wp-login.php',
      '/.env',
      '/.vite/manifest.json',
    ]) {
      const res = await page(route);
      expect(res.statusCode, route).toBe(404);
      expect(res.body, route).not.toContain('<div id="root">');
    }
  });

  it('never serves the precompressed siblings under their own name', async () => {
    for (const url of ['/assets/app-Dx9k2Lq1.js.br', '/assets/app-Dx9k2Lq1.js.gz', '/icons/icon.svg.br']) {
      expect((await fetchFile(url, 'br, gzip')).statusCode, url).toBe(404);
    }
  });

  it('sends the favicon and the web manifest as files with their own content types', async () => {
    const icon = await fetchFile('/favicon.ico', 'br, gzip');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(icon.rawPayload.equals(FAVICON)).toBe(true);
    const manifest = await fetchFile('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.body).toBe('{"name":"Lotus"}');
  });

  it('sends sites robots rules with the brand sitemap address, and forbids all on a host of no brand', async () => {
    const robots = await fetchFile('/robots.txt', undefined, 'localhost:8080');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(robots.body).toContain('Disallow: /wps/');
    expect(robots.body).toContain('Disallow: /backoffice/');
    expect(robots.body).toContain('Sitemap: http://localhost:8080/sitemap.xml\n');
    const stranger = await fetchFile('/robots.txt', undefined, 'evil.example');
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it("lists the brand's public pages in its sitemap, on its own domain only", async () => {
    const res = await fetchFile('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(expect.arrayContaining(['http://localhost/index', 'http://localhost/register']));
    expect(locs).toContain('http://localhost/promotions');
    expect(locs).not.toContain('http://localhost/game');
    expect(locs).not.toContain('http://localhost/login');

    const brand = await createBrand(ctx.db);
    const domain = `${brand.merchantCode.toLowerCase()}.example`;
    const own = await fetchFile('/sitemap.xml', undefined, domain);
    expect(own.body).toContain(`<loc>http://${domain}/index</loc>`);
    expect(own.body).not.toContain('localhost');
    // Behind the login wall only the registration page is open to visitors (and crawlers).
    await updateBrandSettings(ctx.db, brand.merchantCode, { loginedToHomePage: true });
    const walled = await fetchFile('/sitemap.xml', undefined, domain);
    expect([...walled.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `http://${domain}/register`,
    ]);
    // A forged Host header that is no brand's domain gets no sitemap at all.
    expect((await fetchFile('/sitemap.xml', undefined, 'evil.example')).statusCode).toBe(404);
    expect((await fetchFile('/sitemap.xml', undefined, 'localhost"><x')).statusCode).toBe(404);
  });

  it('sends the brotli sibling of a built file when brotli is accepted', async () => {
    const res = await fetchFile('/assets/app-Dx9k2Lq1.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(varies(res.headers.vary)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const svg = await fetchFile('/icons/icon.svg', 'br');
    expect(svg.headers['content-encoding']).toBe('br');
    expect(svg.headers['content-type']).toContain('image/svg+xml');
  });

  it('sends gzip when brotli is not accepted, or refused with q=0', async () => {
    for (const acceptEncoding of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await fetchFile('/assets/app-Dx9k2Lq1.js', acceptEncoding);
      expect(res.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(varies(res.headers.vary)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(gunzipSync(res.rawPayload).toString()).toBe(APP_JS);
    }
    // A file with only a brotli sibling falls back to itself for a gzip-only client.
    const svg = await fetchFile('/icons/icon.svg', 'gzip');
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.body).toBe(ICON_SVG);
  });

  it('sends the file as it is when the client accepts neither', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await fetchFile('/assets/app-Dx9k2Lq1.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.body).toBe(APP_JS);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(APP_JS));
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it("compresses each brand's page once and sends it no-cache by Accept-Encoding", async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/index',
      headers: { host: 'localhost', accept: 'text/html', 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(varies(br.headers.vary)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<meta name="merchant" content="DEMO">');
    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'localhost', accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root">');
    const plain = await page('/index');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain.headers.vary)).toBe(true);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.body));
  });

  it('compresses API answers of 1 KiB and more, and leaves smaller ones alone', async () => {
    const headers = { merchant: 'DEMO', 'accept-encoding': 'gzip, deflate, br' };
    const plain = await ctx.app.inject({
      method: 'GET',
      url: '/wps/system/countryCodes',
      headers: { merchant: 'DEMO' },
    });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const big = await ctx.app.inject({ method: 'GET', url: '/wps/system/countryCodes', headers });
    expect(big.headers['content-encoding']).toBe('br');
    expect(varies(big.headers.vary)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toEqual(plain.json());
    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/wps/system/countryCodes',
      headers: { merchant: 'DEMO', 'accept-encoding': 'gzip' },
    });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const smallPlain = await ctx.app.inject({
      method: 'GET',
      url: '/wps/system/publicKey',
      headers: { merchant: 'DEMO' },
    });
    expect(smallPlain.rawPayload.length).toBeLessThan(1024);
    const small = await ctx.app.inject({ method: 'GET', url: '/wps/system/publicKey', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(smallPlain.json());
  });

  it('sends security headers with a CSP that allows the app and forbids inline scripts', async () => {
    const res = await page('/index');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('sends the same security headers on API answers and on errors', async () => {
    for (const res of [
      await ctx.app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'DEMO' } }),
      await ctx.app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'NOSUCH' } }),
    ]) {
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('answers 503 with build instructions when there is no build', async () => {
    const res = await withoutBuild.app.inject({
      method: 'GET',
      url: '/index',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

describe('OpenAPI at /docs', () => {
  it('documents every API route with its headers and responses', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>
      >;
    };
    const expected: [string, string][] = [
      ['/wps/system/status', 'get'],
      ['/wps/system/whitelabel', 'get'],
      ['/lgw/games/game_menus', 'get'],
      ['/wps/system/domainRoute', 'get'],
      ['/wps/system/helpCenter', 'get'],
      ['/wps/feedback', 'put'],
      ['/wps/system/notice', 'get'],
      ['/wps/relay/MCSFE_getListAnnouncements', 'get'],
      ['/wps/system/countryCodes', 'get'],
      ['/wps/system/customerService', 'get'],
      ['/wps/member/language', 'put'],
      ['/wps/system/publicKey', 'get'],
      ['/wps/system/humanCheck', 'get'],
      ['/wps/captcha', 'get'],
      ['/wps/system/setting/register', 'get'],
      ['/wps/agent/affiliate', 'get'],
      ['/wps/member/register', 'put'],
      ['/wps/member/register/mobile', 'put'],
      ['/wps/verification/sms/register', 'post'],
      ['/wps/verification/sms/noLogin', 'post'],
      ['/wps/verification/sms/bind', 'post'],
      ['/wps/session/login', 'post'],
      ['/wps/session/login/verification', 'post'],
      ['/wps/session/login/freeplay', 'post'],
      ['/wps/session/logout', 'post'],
      ['/wps/member/firstLogin', 'post'],
      ['/wps/member/password', 'post'],
      ['/wps/member/password/email', 'post'],
      ['/wps/member/password/reset', 'post'],
      ['/wps/member/password/verification', 'post'],
      ['/wps/member/fundsPassword', 'post'],
      ['/wps/member/info', 'get'],
      ['/wps/member/info/icon', 'get'],
      ['/wps/relay/MCSFE_getPlayerAvatar', 'get'],
      ['/wps/relay/MCSFE_getPlayerAvatar', 'post'],
      ['/wps/member/profile', 'put'],
      ['/wps/member/mobile', 'put'],
      ['/wps/member/email', 'put'],
      ['/wps/session/external/{provider}/start', 'get'],
      ['/wps/session/external/{provider}/callback', 'post'],
    ];
    for (const [url, method] of expected) {
      const op = doc.paths[url]?.[method];
      expect(op, `${method} ${url}`).toBeDefined();
      expect(op?.parameters?.some((p) => p.in === 'header' && p.name === 'merchant')).toBe(true);
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '500']));
    }
  });

  it('serves the Swagger UI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
    // Its own stricter CSP wins over the site's.
    expect(String(res.headers['content-security-policy'])).toContain("script-src-attr 'none'");
    expect(String(res.headers['content-security-policy'])).not.toContain('googletagmanager');
  });
});
