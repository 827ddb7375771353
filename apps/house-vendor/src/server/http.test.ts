import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HouseVendorConfigError, loadHouseVendorConfig, parseBrands, parseFrameAncestors } from './config.ts';
import { IMMUTABLE } from './http/static-files.ts';
import { createTestVendor, type TestVendor } from './testing/support.ts';

describe('configuration', () => {
  it('has working defaults: port 8081, vendor HOUSE, the demo brand, frames from the platform origin', () => {
    const config = loadHouseVendorConfig({});
    expect(config).toMatchObject({
      port: 8081,
      platformUrl: 'http://127.0.0.1:8080',
      vendorCode: 'HOUSE',
      databaseUrl: null,
      walletTimeoutMs: 3_000,
    });
    expect(config.brands.get('DEMO')).toBe('house-vendor-demo-secret-not-for-production');
    expect(config.dataDir.endsWith(path.join('.data', 'house-vendor'))).toBe(true);
    expect(config.frameAncestors).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
  });

  it('refuses bad values at boot with a clear message', () => {
    expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_PORT: 'eighty' })).toThrow(HouseVendorConfigError);
    expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_PLATFORM_URL: 'ftp://x' })).toThrow(/http or https/);
    expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_CODE: 'bad code' })).toThrow(HouseVendorConfigError);
    expect(() => parseBrands('DEMO')).toThrow(/MERCHANT:secret/);
    expect(() => parseBrands('DEMO:short')).toThrow(/16 characters/);
    expect(() => parseBrands('A:0123456789abcdef,A:0123456789abcdef')).toThrow(/twice/);
    expect(() => parseFrameAncestors('*', 'http://x')).toThrow(/wildcards/);
    expect(() => parseFrameAncestors('https://*.example.com', 'http://x')).toThrow(/wildcards/);
  });

  it('reads several brands and explicit frame ancestors', () => {
    const brands = parseBrands('DEMO:0123456789abcdef, OTHER:with:colons:0123456789');
    expect([...brands.keys()]).toEqual(['DEMO', 'OTHER']);
    expect(brands.get('OTHER')).toBe('with:colons:0123456789');
    expect(parseFrameAncestors('https://a.example, https://b.example:8443', 'http://x')).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
  });
});

describe('the game pages', () => {
  let t: TestVendor;
  let dist: string;
  const script = 'console.info("game");'.repeat(50);

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'house-vendor-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>game</title><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), script);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    t = await createTestVendor({ overrides: { webDist: dist, frameAncestors: ['https://site.example'] } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the page for /play/<game> and /verify, revalidated, framable only by the configured origins', async () => {
    for (const url of ['/play/lotus-garden', '/verify']) {
      const response = await fetch(`${t.vendor.url}${url}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain('frame-ancestors https://site.example');
      expect(csp).not.toContain('*');
      expect(csp).toContain("script-src 'self'");
      expect(response.headers.get('x-frame-options')).toBeNull();
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('sends hashed assets precompressed (brotli, then gzip) with immutable caching', async () => {
    const br = await fetch(`${t.vendor.url}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await br.text()).toBe(script);
    const gz = await fetch(`${t.vendor.url}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const missing = await fetch(`${t.vendor.url}/assets/nothing-here.js`);
    expect(missing.status).toBe(404);
    const sibling = await fetch(`${t.vendor.url}/assets/app-abc123.js.br`);
    expect(sibling.status).toBe(404);
  });

  it('answers API calls with no-store and JSON errors', async () => {
    const response = await fetch(`${t.vendor.url}/api/state`);
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: 'session_invalid' });
    const unknown = await fetch(`${t.vendor.url}/nope`);
    expect(unknown.status).toBe(404);
  });

  it('refuses an oversized body', async () => {
    const response = await fetch(`${t.vendor.url}/api/spin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: 'x'.repeat(100_000), coinValue: 5 }),
    });
    expect(response.status).toBe(413);
  });
});
