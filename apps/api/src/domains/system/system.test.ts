import { ERROR_CODES, errorMessage } from '@lotus/contracts/errors';
import { FEATURE_FLAGS, STATIC_PAGES } from '@lotus/contracts/system';
import { describe, expect, it } from 'vitest';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { brandTemplate, DEMO_BRAND } from '../../db/seed/demo-brand.ts';
import { updateBrandSettings } from '../brands/brand-settings.ts';

const ctx = setupTestApp();

/** A Malaysian address (TM Net) that the shipped GeoIP database maps to MY. */
const MALAYSIAN_IP = '60.48.0.1';
const US_IP = '8.8.8.8';

type Status = {
  info: {
    whitelabel: Record<string, unknown> & { flags: Record<string, boolean>; merchantCode: string };
    customerService: { csType: string }[];
    resources: { resourceType: string }[];
    imageCDNs: string[];
  };
  location: { ip: string; country: string };
  systemStatus: number;
  maintenance: { maintainTime: string; endTime: string } | null;
  regionRestriction: boolean;
};

describe('tenancy: the Merchant header', () => {
  const urls = [
    '/wps/system/status',
    '/wps/system/whitelabel',
    '/lgw/games/game_menus',
    '/wps/system/domainRoute',
    '/wps/system/helpCenter',
    '/wps/system/notice',
    '/wps/relay/MCSFE_getListAnnouncements',
    '/wps/system/countryCodes',
    '/wps/system/customerService?type=3',
  ];

  it.each(urls)('refuses %s without a Merchant header', async (url) => {
    const { status, body } = await call(ctx.app, { method: 'GET', url, headers: { language: 'EN' } });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, value: null, errorCode: 'function.not.available' });
  });

  it.each(urls)('refuses %s for an unknown merchant', async (url) => {
    const { status, body } = await call(ctx.app, { method: 'GET', url, headers: headers('NOSUCHBRAND') });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('function.not.available');
  });

  it('refuses a malformed merchant code without querying for it', async () => {
    const { status, body } = await call(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers("DEMO' OR '1'='1"),
    });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('function.not.available');
  });

  it('translates the refusal into the Language header, EN for unshipped languages', async () => {
    for (const [language, expected] of [
      ['EN', errorMessage('function.not.available', 'EN')],
      ['MS', errorMessage('function.not.available', 'MS')],
      ['CN', errorMessage('function.not.available', 'CN')],
      ['JA', errorMessage('function.not.available', 'EN')],
    ] as const) {
      const { body } = await call(ctx.app, {
        method: 'GET',
        url: '/wps/system/status',
        headers: { language },
      });
      expect(body.message).toBe(expected);
    }
    expect(errorMessage('function.not.available', 'MS')).not.toBe(
      errorMessage('function.not.available', 'EN'),
    );
  });

  it('answers unknown API paths with not_found in the envelope', async () => {
    const { status, body } = await call(ctx.app, {
      method: 'GET',
      url: '/wps/system/nope',
      headers: headers(),
    });
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, errorCode: 'not_found' });
    expect(ERROR_CODES).toContain(body.errorCode);
  });
});

describe('GET /wps/system/status', () => {
  it('answers the permission response with the full brand configuration', async () => {
    const { status, body } = await call<Status>(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers(),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, errorCode: '', message: '' });
    const wl = body.value.info.whitelabel;
    expect(wl).toMatchObject({
      merchantCode: 'DEMO',
      brandName: 'Lotus Demo',
      platform: 'web',
      lotteryType: 'SEA',
      device: 'WEB',
      defaultLanguage: 'EN',
      supportedLanguages: ['EN', 'MS', 'CN'],
      currency: 'MYR',
      currencySymbol: 'RM',
      country: 'MY',
      prizeModes: ['Lott', 'ZY', 'Elott', 'SEA'],
      announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
      defaultAnnouncementType: 'B',
      loginedToHomePage: false,
    });
    expect((wl.uiLanguages as string[]).length).toBeGreaterThanOrEqual(35);
    expect(Object.keys(wl.flags).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(body.value.info.customerService.map((c) => c.csType)).toEqual([
      'LIVECHAT',
      'WHATSAPP',
      'TELEGRAM',
    ]);
    expect(body.value.info.imageCDNs).toEqual(DEMO_BRAND.imageCdns);
    expect(body.value.systemStatus).toBe(0);
    expect(body.value.maintenance).toBeNull();
    expect(body.value.regionRestriction).toBe(false);
  });

  it('reports the visitor address from X-Forwarded-For of a trusted proxy, with its GeoIP country', async () => {
    const { body } = await call<Status>(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers('DEMO', 'EN', { 'x-forwarded-for': MALAYSIAN_IP }),
    });
    expect(body.value.location).toEqual({ ip: MALAYSIAN_IP, country: 'MY' });
  });

  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    const { body } = await call<Status>(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: US_IP,
      headers: headers('DEMO', 'EN', { 'x-forwarded-for': MALAYSIAN_IP }),
    });
    expect(body.value.location).toEqual({ ip: US_IP, country: 'US' });
  });

  it('shows maintenance (1) with its times, and it wins over a region restriction', async () => {
    const brand = await createBrand(ctx.db);
    const end = new Date('2030-01-02T03:04:05.000Z');
    const start = new Date('2030-01-01T00:00:00.000Z');
    await updateBrandSettings(ctx.db, brand.merchantCode, {
      systemStatus: 1,
      maintenanceStart: start,
      maintenanceEnd: end,
      blockedCountries: ['my'],
    });
    const { body } = await call<Status>(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers(brand.merchantCode, 'EN', { 'x-forwarded-for': MALAYSIAN_IP }),
    });
    expect(body.success).toBe(true);
    expect(body.value.systemStatus).toBe(1);
    expect(body.value.maintenance).toEqual({ maintainTime: start.toISOString(), endTime: end.toISOString() });
    expect(body.value.regionRestriction).toBe(false);
  });

  it('shows the region restriction (2) only to visitors from a blocked country', async () => {
    const brand = await createBrand(ctx.db);
    await updateBrandSettings(ctx.db, brand.merchantCode, { blockedCountries: ['MY'] });
    const fromMalaysia = await call<Status>(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers(brand.merchantCode, 'EN', { 'x-forwarded-for': MALAYSIAN_IP }),
    });
    expect(fromMalaysia.body.value).toMatchObject({
      systemStatus: 2,
      regionRestriction: true,
      maintenance: null,
      location: { ip: MALAYSIAN_IP, country: 'MY' },
    });
    const fromUs = await call<Status>(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers(brand.merchantCode, 'EN', { 'x-forwarded-for': US_IP }),
    });
    expect(fromUs.body.value.systemStatus).toBe(0);
  });

  it('carries loginedToHomePage and feature flags set on the brand', async () => {
    const brand = await createBrand(ctx.db);
    await updateBrandSettings(ctx.db, brand.merchantCode, {
      loginedToHomePage: true,
      featureFlags: { FREEPLAY3: false },
    });
    const { body } = await call<Status>(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers(brand.merchantCode),
    });
    expect(body.value.info.whitelabel.loginedToHomePage).toBe(true);
    expect(body.value.info.whitelabel.flags.FREEPLAY3).toBe(false);
    expect(body.value.info.whitelabel.flags.USERNAMEREG3).toBe(true);
  });

  it("answers each brand's own currency and country (configuration, not code)", async () => {
    const template = brandTemplate('SGBRAND', 'Lion Play', ['sg.example']);
    await createBrand(ctx.db, {
      brand: { ...template, country: 'SG', currency: 'SGD', currencySymbol: 'S$' },
    });
    const { body } = await call<Status>(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers('SGBRAND'),
    });
    expect(body.value.info.whitelabel).toMatchObject({
      country: 'SG',
      currency: 'SGD',
      currencySymbol: 'S$',
    });
  });

  it('refuses a wrong-typed or oversized query field with request_param_err', async () => {
    const { status, body } = await call(ctx.app, {
      method: 'GET',
      url: `/wps/system/status?url=${'x'.repeat(3000)}`,
      headers: headers(),
    });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
    expect(body.fieldErrors).toHaveProperty('url');
  });
});

describe('GET /wps/system/whitelabel', () => {
  it("answers the brand's menus with the seven static links", async () => {
    const { status, body } = await call<{
      footerLinks: { key: string }[];
      brandName: string;
      copyright: string;
    }>(ctx.app, { method: 'GET', url: '/wps/system/whitelabel', headers: headers() });
    expect(status).toBe(200);
    expect(body.value.brandName).toBe('Lotus Demo');
    expect(body.value.footerLinks.map((l) => l.key)).toEqual([...STATIC_PAGES]);
    expect(body.value.copyright).toContain('Lotus Demo');
  });

  it('gives another brand its own menus', async () => {
    const brand = await createBrand(ctx.db);
    const { body } = await call<{ brandName: string }>(ctx.app, {
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: headers(brand.merchantCode),
    });
    expect(body.value.brandName).toBe(brand.name);
  });
});

describe('GET /lgw/games/game_menus', () => {
  it("lists the categories in the brand's order", async () => {
    const { body } = await call<{ gameCategory: string; vendors: unknown[] }[]>(ctx.app, {
      method: 'GET',
      url: '/lgw/games/game_menus',
      headers: headers(),
    });
    expect(body.value.map((c) => c.gameCategory)).toEqual([
      'LIVE',
      'SPORTS',
      'RNG',
      'FISH',
      'PVP',
      'ESPORTS',
      'LOTT',
    ]);
    // The seeded house vendor shows under live casino and slots, the platform's lottery games under
    // the lottery; the others have no vendor yet.
    expect(body.value.filter((c) => c.vendors.length > 0).map((c) => c.gameCategory)).toEqual([
      'LIVE',
      'RNG',
      'LOTT',
    ]);
  });

  it("never shows one brand's order to another", async () => {
    const brand = await createBrand(ctx.db);
    await updateBrandSettings(ctx.db, brand.merchantCode, { categoryOrder: ['SPORTS', 'LIVE'] });
    const other = await call<{ gameCategory: string }[]>(ctx.app, {
      method: 'GET',
      url: '/lgw/games/game_menus',
      headers: headers(brand.merchantCode),
    });
    expect(other.body.value.map((c) => c.gameCategory)).toEqual(['SPORTS', 'LIVE']);
    const demo = await call<{ gameCategory: string }[]>(ctx.app, {
      method: 'GET',
      url: '/lgw/games/game_menus',
      headers: headers(),
    });
    expect(demo.body.value).toHaveLength(7);
  });
});

describe('GET /wps/system/domainRoute', () => {
  it('lists the domains with their speed and the resources', async () => {
    const { body } = await call<{ domainList: { domain: string; speed: number }[]; resources: unknown[] }>(
      ctx.app,
      { method: 'GET', url: '/wps/system/domainRoute', headers: headers() },
    );
    expect(body.value.domainList.length).toBeGreaterThan(0);
    expect(body.value.domainList[0]).toEqual({
      domain: expect.stringMatching(/^https:\/\//),
      speed: expect.any(Number),
    });
    expect(body.value.resources).toHaveLength(3);
  });
});

describe('GET /wps/system/countryCodes', () => {
  it('lists every country with its dialing code', async () => {
    const { body } = await call<{ countryCode: string; countryDialingCode: string }[]>(ctx.app, {
      method: 'GET',
      url: '/wps/system/countryCodes',
      headers: headers(),
    });
    expect(body.value.length).toBeGreaterThan(200);
    expect(body.value).toContainEqual({ countryCode: 'MY', countryDialingCode: '60' });
    expect(body.value).toContainEqual({ countryCode: 'PH', countryDialingCode: '63' });
  });
});

describe('GET /wps/system/customerService', () => {
  it('lists the visitor channels of type 3 (no VIP service for visitors)', async () => {
    const { body } = await call<{ csType: string; path: string }[]>(ctx.app, {
      method: 'GET',
      url: '/wps/system/customerService?type=3',
      headers: headers(),
    });
    expect(body.value.map((c) => c.csType)).toEqual(['LIVECHAT', 'WHATSAPP', 'TELEGRAM']);
    expect(body.value[1]?.path).toMatch(/^https:\/\/wa\.me\//);
    // Live chat is the site's own contact form until the chat room exists: never a dead link.
    expect(body.value[0]?.path).toBe('/contact');
  });

  it("keeps each brand's channels apart", async () => {
    const brand = await createBrand(ctx.db);
    const { body } = await call<{ path: string }[]>(ctx.app, {
      method: 'GET',
      url: '/wps/system/customerService?type=3',
      headers: headers(brand.merchantCode),
    });
    expect(body.value).toHaveLength(1);
    expect(body.value[0]?.path).toContain(brand.merchantCode.toLowerCase());
  });

  it.each(['', '?type=9', '?type=abc'])('refuses type %s with request_param_err', async (query) => {
    const { status, body } = await call(ctx.app, {
      method: 'GET',
      url: `/wps/system/customerService${query}`,
      headers: headers(),
    });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
    expect(body.fieldErrors).toHaveProperty('type');
  });
});
