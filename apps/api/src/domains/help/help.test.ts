import { STATIC_PAGES } from '@lotus/contracts/system';
import { describe, expect, it } from 'vitest';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp();

type Help = {
  categories: { id: string; title: string; articles: { slug: string; title: string; content: string }[] }[];
};

const articlesOf = (help: Help) => help.categories.flatMap((c) => c.articles);

describe('GET /wps/system/helpCenter', () => {
  it('holds the seven static pages with real content', async () => {
    const { status, body } = await call<Help>(ctx.app, {
      method: 'GET',
      url: '/wps/system/helpCenter',
      headers: headers(),
    });
    expect(status).toBe(200);
    const articles = articlesOf(body.value);
    for (const slug of STATIC_PAGES) {
      const article = articles.find((a) => a.slug === slug);
      expect(article?.content.length).toBeGreaterThan(80);
    }
  });

  it('answers in EN, MS and CN', async () => {
    const titles: Record<string, string | undefined> = {};
    for (const language of ['EN', 'MS', 'CN']) {
      const { body } = await call<Help>(ctx.app, {
        method: 'GET',
        url: '/wps/system/helpCenter',
        headers: headers('DEMO', language),
      });
      titles[language] = articlesOf(body.value).find((a) => a.slug === 'privacy')?.title;
    }
    expect(titles).toEqual({ EN: 'Privacy Policy', MS: 'Dasar Privasi', CN: '隐私政策' });
  });

  it('falls back to EN where a translation is missing', async () => {
    const brand = await createBrand(ctx.db);
    const { body } = await call<Help>(ctx.app, {
      method: 'GET',
      url: '/wps/system/helpCenter',
      headers: headers(brand.merchantCode, 'CN'),
    });
    expect(body.value.categories[0]?.title).toBe(`${brand.merchantCode} help`);
  });

  it("never shows one brand's help to another", async () => {
    const brand = await createBrand(ctx.db);
    const other = await call<Help>(ctx.app, {
      method: 'GET',
      url: '/wps/system/helpCenter',
      headers: headers(brand.merchantCode),
    });
    expect(articlesOf(other.body.value).map((a) => a.title)).toEqual([`${brand.merchantCode} about`]);
    const demo = await call<Help>(ctx.app, {
      method: 'GET',
      url: '/wps/system/helpCenter',
      headers: headers(),
    });
    expect(JSON.stringify(demo.body.value)).not.toContain(brand.merchantCode);
  });

  it('strips scripts and event handlers from help HTML', async () => {
    const brand = await createBrand(ctx.db, {
      help: [
        {
          slug: 'x',
          title: { en: 'x', ms: '', cn: '' },
          articles: [
            {
              slug: 'about',
              title: { en: 'About', ms: '', cn: '' },
              content: {
                en: '<h2>Hi</h2><script>alert(1)</script><img src="a.png" onerror="x()">',
                ms: '',
                cn: '',
              },
            },
          ],
        },
      ],
    });
    const { body } = await call<Help>(ctx.app, {
      method: 'GET',
      url: '/wps/system/helpCenter',
      headers: headers(brand.merchantCode),
    });
    const html = articlesOf(body.value)[0]?.content;
    expect(html).toBe('<h2>Hi</h2><img src="a.png" />');
  });
});
