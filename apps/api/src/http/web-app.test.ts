import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBrand, setupTestApp } from '../../test/support.ts';

const webDist = await mkdtemp(path.join(tmpdir(), 'lotus-web-'));
await mkdir(path.join(webDist, 'assets'), { recursive: true });
await writeFile(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><meta charset="utf-8"><meta name="merchant" content=""><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
);
await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.info("app")');
await writeFile(path.join(webDist, 'manifest.webmanifest'), '{"name":"Lotus"}');

const ctx = setupTestApp({ webDist });
const withoutBuild = setupTestApp();

const page = (url: string, host = 'localhost', accept = 'text/html,application/xhtml+xml') =>
  ctx.app.inject({ method: 'GET', url, headers: { host, accept } });

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
