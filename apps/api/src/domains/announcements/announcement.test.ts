import { errorMessage } from '@lotus/contracts/errors';
import { describe, expect, it } from 'vitest';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { insertAnnouncements } from './announcement.repository.ts';

const ctx = setupTestApp();

type Item = {
  id: string;
  type: string;
  title: string;
  content: string;
  execution: string;
  promotionType: string | null;
};
type Bundle = {
  player: Item[];
  banners: { title: string; imageUrl: string }[];
  popup: Item[];
  promotion: Item[];
};

const LIST = '/wps/relay/MCSFE_getListAnnouncements';

describe('GET /wps/relay/MCSFE_getListAnnouncements', () => {
  it('lists the visitor popup items (execution B) of the requested types', async () => {
    const { status, body } = await call<Item[]>(ctx.app, {
      method: 'GET',
      url: `${LIST}?types=B,PL,PU,PR,H&platform=W&execution=B`,
      headers: headers(),
    });
    expect(status).toBe(200);
    expect(body.value.filter((a) => a.type === 'PU').length).toBeGreaterThanOrEqual(6);
    expect(body.value.every((a) => a.execution === 'B')).toBe(true);
    expect(new Set(body.value.map((a) => a.type))).toEqual(new Set(['B', 'PL', 'PU', 'PR', 'H']));
    expect(body.value.some((a) => a.type === 'PU' && a.promotionType !== null)).toBe(true);
  });

  it('filters by type and defaults to execution B', async () => {
    const { body } = await call<Item[]>(ctx.app, {
      method: 'GET',
      url: `${LIST}?types=PR`,
      headers: headers(),
    });
    expect(body.value.length).toBeGreaterThan(0);
    expect(body.value.every((a) => a.type === 'PR' && a.execution === 'B')).toBe(true);
  });

  it('answers in the request language and falls back to EN', async () => {
    const en = await call<Item[]>(ctx.app, {
      method: 'GET',
      url: `${LIST}?types=PU`,
      headers: headers('DEMO', 'EN'),
    });
    const ms = await call<Item[]>(ctx.app, {
      method: 'GET',
      url: `${LIST}?types=PU`,
      headers: headers('DEMO', 'MS'),
    });
    const cn = await call<Item[]>(ctx.app, {
      method: 'GET',
      url: `${LIST}?types=PU`,
      headers: headers('DEMO', 'CN'),
    });
    const ja = await call<Item[]>(ctx.app, {
      method: 'GET',
      url: `${LIST}?types=PU`,
      headers: headers('DEMO', 'JA'),
    });
    expect(en.body.value[0]?.title).toBe('Welcome to Lotus Demo');
    expect(ms.body.value[0]?.title).toBe('Selamat datang ke Lotus Demo');
    expect(cn.body.value[0]?.title).toBe('欢迎来到 Lotus Demo');
    expect(ja.body.value[0]?.title).toBe('Welcome to Lotus Demo');
  });

  it.each(['A', 'F'])('asks visitors to log in for execution %s', async (execution) => {
    const { status, body } = await call(ctx.app, {
      method: 'GET',
      url: `${LIST}?types=PU&platform=W&execution=${execution}`,
      headers: headers('DEMO', 'MS'),
    });
    expect(status).toBe(401);
    expect(body).toMatchObject({
      errorCode: 'CUSTOMER_NOT_LOGIN',
      message: errorMessage('CUSTOMER_NOT_LOGIN', 'MS'),
    });
  });

  it.each([
    ['execution=Z', 'execution'],
    ['types=B,XX', 'types'],
    ['types=', 'types'],
    ['platform=M', 'platform'],
    [`types=${'B,'.repeat(40)}B`, 'types'],
  ])('refuses %s with request_param_err on that field', async (query, field) => {
    const { status, body } = await call(ctx.app, {
      method: 'GET',
      url: `${LIST}?${query}`,
      headers: headers(),
    });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
    expect(body.fieldErrors).toHaveProperty(field);
  });

  it("never shows one brand's announcements to another", async () => {
    const brand = await createBrand(ctx.db);
    const other = await call<Item[]>(ctx.app, {
      method: 'GET',
      url: `${LIST}?types=B,PL,PU,PR,H`,
      headers: headers(brand.merchantCode),
    });
    expect(other.body.value.map((a) => a.title)).toEqual([`${brand.merchantCode} popup`]);
    const demo = await call<Item[]>(ctx.app, { method: 'GET', url: `${LIST}?types=PU`, headers: headers() });
    expect(demo.body.value.some((a) => a.title.includes(brand.merchantCode))).toBe(false);
  });
});

describe('GET /wps/system/notice', () => {
  it('splits the visitor notices into player, banners, popup and promotion', async () => {
    const { status, body } = await call<Bundle>(ctx.app, {
      method: 'GET',
      url: '/wps/system/notice?types=B,PL,PU,PR&platform=W&execution=B',
      headers: headers(),
    });
    expect(status).toBe(200);
    expect(body.value.player.map((a) => a.type).sort()).toEqual(['B', 'PL']);
    expect(body.value.popup.length).toBeGreaterThanOrEqual(6);
    expect(body.value.popup.every((a) => a.type === 'PU')).toBe(true);
    expect(body.value.promotion.every((a) => a.type === 'PR')).toBe(true);
    expect(body.value.banners.length).toBeGreaterThan(0);
  });

  it('fills only the requested types', async () => {
    const { body } = await call<Bundle>(ctx.app, {
      method: 'GET',
      url: '/wps/system/notice?types=PR',
      headers: headers(),
    });
    expect(body.value.player).toEqual([]);
    expect(body.value.popup).toEqual([]);
    expect(body.value.promotion.length).toBeGreaterThan(0);
  });

  it('asks visitors to log in for member notices', async () => {
    const { status, body } = await call(ctx.app, {
      method: 'GET',
      url: '/wps/system/notice?execution=A',
      headers: headers(),
    });
    expect(status).toBe(401);
    expect(body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
  });

  it("keeps each brand's banners and notices apart", async () => {
    const brand = await createBrand(ctx.db);
    const { body } = await call<Bundle>(ctx.app, {
      method: 'GET',
      url: '/wps/system/notice?types=B,PL,PU,PR',
      headers: headers(brand.merchantCode),
    });
    expect(body.value.banners.map((b) => b.title)).toEqual([brand.merchantCode]);
    expect(body.value.popup.map((a) => a.title)).toEqual([`${brand.merchantCode} popup`]);
  });
});

describe('announcement HTML', () => {
  const hostile =
    '<p onclick="steal()">Hi<script>alert(1)</script><img src="x.png" onerror="steal()"><a href="javascript:alert(1)">x</a><a href="https://ok.example">ok</a></p>';

  it('is sanitised when written', async () => {
    const brand = await createBrand(ctx.db, { announcements: [] });
    await insertAnnouncements(ctx.db, brand.id, [
      {
        type: 'PU',
        execution: 'B',
        title: { en: 't', ms: '', cn: '' },
        content: { en: hostile, ms: '', cn: '' },
      },
    ]);
    const row = await ctx.db
      .selectFrom('announcements')
      .select('content_en')
      .where('brand_id', '=', brand.id)
      .executeTakeFirstOrThrow();
    expect(row.content_en).not.toMatch(/script|onerror|onclick|javascript:/);
  });

  it('is sanitised again when served, even if a row was written around the repository', async () => {
    const brand = await createBrand(ctx.db, { announcements: [] });
    await ctx.db
      .insertInto('announcements')
      .values({ brand_id: brand.id, type: 'PU', execution: 'B', title_en: 'raw', content_en: hostile })
      .execute();
    const { body } = await call<Item[]>(ctx.app, {
      method: 'GET',
      url: `${LIST}?types=PU`,
      headers: headers(brand.merchantCode),
    });
    const html = body.value[0]?.content ?? '';
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/);
    expect(html).toContain('<img src="x.png"');
    expect(html).toContain('href="https://ok.example" rel="noopener noreferrer"');
  });
});
