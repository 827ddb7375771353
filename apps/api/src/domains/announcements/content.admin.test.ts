import type { AuditPage } from '@lotus/contracts/backoffice';
import type {
  ContentAnnouncement,
  ContentBanner,
  ContentHelpArticle,
  ContentHelpCategory,
  FooterLink,
  RegistrationRules,
} from '@lotus/contracts/content';
import type { Announcement, HelpCenter, NoticeBundle, WhitelabelMenu } from '@lotus/contracts/system';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUsername, registerMember } from '../../../test/members.ts';
import {
  backOfficeTeam,
  createOperator,
  operatorCall,
  operatorLogin,
  uniqueName,
} from '../../../test/operators.ts';
import { call, countRows, createBrand, headers, setupTestApp } from '../../../test/support.ts';

/**
 * Content management in the back office (issue 24): announcements, banners, help pages and the
 * registration field rules, each change seen by the member API at once; roles, other brands' ids,
 * HTML sanitising and bad rules refused with the catalogue's codes and nothing changed.
 */
const ctx = setupTestApp();
const { bo } = backOfficeTeam(ctx);

const texts = (en: string, ms = '', cn = '') => ({ en, ms, cn });
const popup = (title: string, content: string) => ({
  type: 'PU',
  execution: 'B',
  promotionType: 'FIRST_DEPOSIT',
  title: texts(title, `${title} MS`, `${title} CN`),
  content: texts(content),
  sortOrder: 0,
  active: true,
});

/** An admin of another brand, logged in: its ids and calls must never reach DEMO's rows. */
const other = { merchant: '', token: '' };
beforeAll(async () => {
  const brand = await createBrand(ctx.db);
  other.merchant = brand.merchantCode;
  const username = uniqueName('oth');
  await createOperator(ctx.db, {
    merchantCode: brand.merchantCode,
    username,
    password: 'Secret123',
    role: 'admin',
  });
  other.token = await operatorLogin(ctx, {
    merchantCode: brand.merchantCode,
    username,
    password: 'Secret123',
  });
});

const publicPopups = async (language = 'EN') =>
  (
    await call<Announcement[]>(ctx.app, {
      method: 'GET',
      url: '/wps/relay/MCSFE_getListAnnouncements?types=PU&platform=W&execution=B',
      headers: headers('DEMO', language),
    })
  ).body.value;

async function auditCount(action: string): Promise<number> {
  const audit = await bo<AuditPage>('admin', 'GET', `/bo/v1/audit?action=${action}`);
  return audit.body.value.total;
}

describe('announcements in the back office', () => {
  it('marketing adds and changes a popup; the member API shows it at once, sanitised, in each language', async () => {
    const created = await bo<ContentAnnouncement>(
      'marketing',
      'POST',
      '/bo/v1/content/announcements',
      popup(
        'Weekend reload',
        '<p onclick="steal()">Claim <b>now</b><script>alert(1)</script><a href="javascript:x()">go</a></p>',
      ),
    );
    expect(created.body.success).toBe(true);
    const id = created.body.value.id;
    expect(created.body.value.content.en).not.toMatch(/script|onclick|javascript/);
    expect(created.body.value.content.en).toContain('<b>now</b>');

    const ms = (await publicPopups('MS')).find((a) => a.id === id);
    expect(ms).toMatchObject({ title: 'Weekend reload MS', promotionType: 'FIRST_DEPOSIT', execution: 'B' });
    expect(ms?.content).not.toMatch(/script|onclick|javascript/);
    // An empty MS/CN text falls back to EN.
    expect(ms?.content).toContain('<b>now</b>');

    const changed = await bo<ContentAnnouncement>(
      'admin',
      'PUT',
      `/bo/v1/content/announcements/${id}`,
      popup('Weekend reload 50%', '<p>Fifty</p>'),
    );
    expect(changed.body.value.title.en).toBe('Weekend reload 50%');
    expect((await publicPopups()).find((a) => a.id === id)?.title).toBe('Weekend reload 50%');

    const hidden = await bo<ContentAnnouncement>('marketing', 'PUT', `/bo/v1/content/announcements/${id}`, {
      ...popup('Weekend reload 50%', '<p>Fifty</p>'),
      active: false,
    });
    expect(hidden.body.value.active).toBe(false);
    expect((await publicPopups()).some((a) => a.id === id)).toBe(false);
    expect(await auditCount('content.announcement.create')).toBe(1);
    expect(await auditCount('content.announcement.update')).toBe(2);
  });

  it('refuses finance, readonly and cs (operator_forbidden) and changes nothing', async () => {
    const before = await countRows(ctx.db, 'announcements');
    for (const role of ['finance', 'readonly', 'cs']) {
      const refused = await bo(role, 'POST', '/bo/v1/content/announcements', popup('No', '<p>no</p>'));
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe('operator_forbidden');
    }
    expect(await countRows(ctx.db, 'announcements')).toBe(before);
    // Reading is every role's.
    const list = await bo<ContentAnnouncement[]>('finance', 'GET', '/bo/v1/content/announcements');
    expect(list.body.value.length).toBeGreaterThan(0);
  });

  it("refuses another brand's announcement id as content_not_found, and a request without a token", async () => {
    const demo = (await bo<ContentAnnouncement[]>('admin', 'GET', '/bo/v1/content/announcements')).body
      .value[0];
    if (!demo) throw new Error('the demo brand has announcements');
    const put = await operatorCall(ctx, other.token, {
      method: 'PUT',
      url: `/bo/v1/content/announcements/${demo.id}`,
      merchant: other.merchant,
      payload: popup('Hijacked', '<p>x</p>'),
    });
    expect(put.body.errorCode).toBe('content_not_found');
    const del = await operatorCall(ctx, other.token, {
      method: 'DELETE',
      url: `/bo/v1/content/announcements/${demo.id}`,
      merchant: other.merchant,
    });
    expect(del.body.errorCode).toBe('content_not_found');
    const after = (await bo<ContentAnnouncement[]>('admin', 'GET', '/bo/v1/content/announcements')).body
      .value;
    expect(after.find((a) => a.id === demo.id)).toEqual(demo);
    // DEMO's token on the other brand's host is not a session there.
    const anonymous = await call(ctx.app, {
      method: 'POST',
      url: '/bo/v1/content/announcements',
      headers: headers(),
      payload: popup('x', 'y'),
    });
    expect(anonymous.status).toBe(401);
  });

  it.each([
    ['an unknown type', { type: 'ZZ' }, 'type'],
    ['an empty English title', { title: texts('') }, 'title.en'],
    ['a NUL byte in the promotion link', { promotionType: 'FIRST\u0000' }, 'promotionType'],
    ['an overflowing order', { sortOrder: 2 ** 53 }, 'sortOrder'],
  ])('refuses %s with request_param_err', async (_label, patch, field) => {
    const before = await countRows(ctx.db, 'announcements');
    const res = await bo('marketing', 'POST', '/bo/v1/content/announcements', {
      ...popup('Bad', '<p>bad</p>'),
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
    expect(Object.keys(res.body.fieldErrors ?? {}).join(',')).toContain(field.split('.')[0]);
    expect(await countRows(ctx.db, 'announcements')).toBe(before);
  });

  it('previews rich text as the member will see it (the server sanitiser), for editors only', async () => {
    const preview = await bo<{ html: string }>('marketing', 'POST', '/bo/v1/content/preview', {
      html: '<h2>Hi</h2><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
    });
    expect(preview.body.value.html).toBe('<h2>Hi</h2><img src="x" />');
    const refused = await bo('finance', 'POST', '/bo/v1/content/preview', { html: '<p>x</p>' });
    expect(refused.body.errorCode).toBe('operator_forbidden');
  });
});

describe('banners by group', () => {
  const banner = (group: string, title: string) => ({
    group,
    imageUrl: '/images/banners/welcome.svg',
    link: '/promotions',
    title: texts(title, `${title} MS`, ''),
    sortOrder: 0,
    active: true,
  });

  it('a w_reg banner is served to the login and register modals only; a home banner to the carousel', async () => {
    const reg = await bo<ContentBanner>(
      'marketing',
      'POST',
      '/bo/v1/content/banners',
      banner('w_reg', 'Join today'),
    );
    const home = await bo<ContentBanner>(
      'marketing',
      'POST',
      '/bo/v1/content/banners',
      banner('home', 'Big wins'),
    );
    const notice = async (group: string, language = 'EN') =>
      (
        await call<NoticeBundle>(ctx.app, {
          method: 'GET',
          url: `/wps/system/notice?types=B${group ? `&bannerGroup=${group}` : ''}`,
          headers: headers('DEMO', language),
        })
      ).body.value.banners;
    const modal = await notice('w_reg', 'MS');
    expect(modal.map((b) => b.id)).toEqual([reg.body.value.id]);
    expect(modal[0]?.title).toBe('Join today MS');
    const carousel = await notice('');
    expect(carousel.some((b) => b.id === home.body.value.id)).toBe(true);
    expect(carousel.some((b) => b.id === reg.body.value.id)).toBe(false);

    await bo('marketing', 'PUT', `/bo/v1/content/banners/${home.body.value.id}`, {
      ...banner('home', 'Bigger wins'),
    });
    expect((await notice('home')).find((b) => b.id === home.body.value.id)?.title).toBe('Bigger wins');
    const removed = await operatorCall(ctx, '', {
      method: 'DELETE',
      url: `/bo/v1/content/banners/${reg.body.value.id}`,
    });
    expect(removed.status).toBe(401);
    expect(await notice('w_reg')).toHaveLength(1);
  });

  it.each([
    ['a javascript: image', { imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ['a link with a quote', { link: '/x"onmouseover="y' }, 'link'],
    ['an unknown group', { group: 'footer' }, 'group'],
  ])('refuses %s with request_param_err', async (_label, patch, field) => {
    const before = await countRows(ctx.db, 'banners');
    const res = await bo('marketing', 'POST', '/bo/v1/content/banners', { ...banner('home', 'x'), ...patch });
    expect(res.body.errorCode).toBe('request_param_err');
    expect(Object.keys(res.body.fieldErrors ?? {}).join(',')).toContain(field);
    expect(await countRows(ctx.db, 'banners')).toBe(before);
  });

  it("refuses another brand's banner id", async () => {
    const demo = (await bo<ContentBanner[]>('admin', 'GET', '/bo/v1/content/banners')).body.value[0];
    if (!demo) throw new Error('the demo brand has banners');
    const res = await operatorCall(ctx, other.token, {
      method: 'PUT',
      url: `/bo/v1/content/banners/${demo.id}`,
      merchant: other.merchant,
      payload: banner('home', 'Hijacked'),
    });
    expect(res.body.errorCode).toBe('content_not_found');
    const after = (await bo<ContentBanner[]>('admin', 'GET', '/bo/v1/content/banners')).body.value;
    expect(after.find((b) => b.id === demo.id)).toEqual(demo);
  });
});

describe('help pages', () => {
  const helpCentre = async (language = 'EN') =>
    (
      await call<HelpCenter>(ctx.app, {
        method: 'GET',
        url: '/wps/system/helpCenter',
        headers: headers('DEMO', language),
      })
    ).body.value;

  it('an edited page shows at once on the help centre, with unsafe HTML stripped', async () => {
    const centre = (await bo<ContentHelpCategory[]>('readonly', 'GET', '/bo/v1/content/help')).body.value;
    const category = centre[0];
    const article = category?.articles[0];
    if (!category || !article) throw new Error('the demo brand has help pages');
    const res = await bo<ContentHelpArticle>(
      'marketing',
      'PUT',
      `/bo/v1/content/help/articles/${article.id}`,
      {
        categoryId: category.id,
        slug: article.slug,
        title: texts('How deposits work', 'Cara deposit berfungsi', '存款说明'),
        content: texts(
          '<p style="x" onmouseover="evil()">Deposit from <strong>10.00</strong></p><script>evil()</script>',
        ),
        sortOrder: 0,
      },
    );
    expect(res.body.success).toBe(true);
    const seen = (await helpCentre('CN')).categories
      .flatMap((c) => c.articles)
      .find((a) => a.id === article.id);
    expect(seen?.title).toBe('存款说明');
    expect(seen?.content).toBe('<p>Deposit from <strong>10.00</strong></p>');
    expect(await auditCount('content.help_article.update')).toBe(1);
  });

  it("refuses a slug already used, another brand's category, and a role without the permission", async () => {
    const centre = (await bo<ContentHelpCategory[]>('admin', 'GET', '/bo/v1/content/help')).body.value;
    const [first] = centre;
    const taken = first?.articles[0];
    if (!first || !taken) throw new Error('the demo brand has help pages');
    const page = (slug: string, categoryId = first.id) => ({
      categoryId,
      slug,
      title: texts('New page'),
      content: texts('<p>New</p>'),
      sortOrder: 5,
    });
    const before = await countRows(ctx.db, 'help_articles');
    expect(
      (await bo('marketing', 'POST', '/bo/v1/content/help/articles', page(taken.slug))).body.errorCode,
    ).toBe('content_slug_taken');
    const otherCategory = await operatorCall<{ id: string }>(ctx, other.token, {
      method: 'POST',
      url: '/bo/v1/content/help/categories',
      merchant: other.merchant,
      payload: { slug: 'other-brand-faq', title: texts('FAQ'), sortOrder: 0 },
    });
    expect(otherCategory.body.success).toBe(true);
    expect(
      (
        await bo(
          'marketing',
          'POST',
          '/bo/v1/content/help/articles',
          page('fresh-page', otherCategory.body.value.id),
        )
      ).body.errorCode,
    ).toBe('content_not_found');
    expect((await bo('cs', 'POST', '/bo/v1/content/help/articles', page('fresh-page'))).body.errorCode).toBe(
      'operator_forbidden',
    );
    expect(
      (await bo('marketing', 'POST', '/bo/v1/content/help/articles', page('Bad Slug!'))).body.errorCode,
    ).toBe('request_param_err');
    expect(await countRows(ctx.db, 'help_articles')).toBe(before);
    const created = await bo<ContentHelpArticle>(
      'marketing',
      'POST',
      '/bo/v1/content/help/articles',
      page('fresh-page'),
    );
    expect(created.body.value.slug).toBe('fresh-page');
    expect(await countRows(ctx.db, 'help_articles')).toBe(before + 1);
  });
});

describe('help categories', () => {
  it("a renamed category shows at once on the help centre; another brand's id is not found; cs is refused", async () => {
    const centre = (await bo<ContentHelpCategory[]>('readonly', 'GET', '/bo/v1/content/help')).body.value;
    const category = centre[0];
    if (!category) throw new Error('the demo brand has help categories');
    const body = { slug: category.slug, title: texts('Payments', 'Pembayaran', '支付'), sortOrder: 3 };
    expect(
      (await bo('cs', 'PUT', `/bo/v1/content/help/categories/${category.id}`, body)).body.errorCode,
    ).toBe('operator_forbidden');
    const otherCategory = await operatorCall<{ id: string }>(ctx, other.token, {
      method: 'POST',
      url: '/bo/v1/content/help/categories',
      merchant: other.merchant,
      payload: { slug: 'other-brand-rules', title: texts('Rules'), sortOrder: 0 },
    });
    expect(
      (await bo('marketing', 'PUT', `/bo/v1/content/help/categories/${otherCategory.body.value.id}`, body))
        .body.errorCode,
    ).toBe('content_not_found');
    expect(
      (
        await bo('marketing', 'PUT', `/bo/v1/content/help/categories/${category.id}`, {
          ...body,
          title: texts('  '),
        })
      ).body.errorCode,
    ).toBe('request_param_err');
    expect(
      (await bo('marketing', 'PUT', `/bo/v1/content/help/categories/${category.id}`, body)).body.success,
    ).toBe(true);
    const seen = await call<HelpCenter>(ctx.app, {
      method: 'GET',
      url: '/wps/system/helpCenter',
      headers: headers('DEMO', 'MS'),
    });
    expect(seen.body.value.categories.find((c) => c.id === category.id)?.title).toBe('Pembayaran');
    const otherStill = await operatorCall<ContentHelpCategory[]>(ctx, other.token, {
      method: 'GET',
      url: '/bo/v1/content/help',
      merchant: other.merchant,
    });
    expect(otherStill.body.value.map((c) => c.title.en)).not.toContain('Payments');
  });
});

describe('footer links', () => {
  const footer = async (language = 'EN') =>
    (
      await call<WhitelabelMenu>(ctx.app, {
        method: 'GET',
        url: '/wps/system/whitelabel',
        headers: headers('DEMO', language),
      })
    ).body.value.footerLinks;
  const link = (key: string, path: string, en: string, ms = '', cn = ''): FooterLink => ({
    key,
    path,
    label: texts(en, ms, cn),
  });

  it('marketing replaces the links; the footer shows them at once in each language, audited', async () => {
    // Read once so the brand is in the request cache: the change must clear it.
    expect((await footer()).length).toBeGreaterThan(0);
    const links = [
      link('about', '/help?page=about', ' About us ', 'Tentang kami', '关于我们'),
      link('blog', 'https://blog.example.com/news', 'Blog'),
    ];
    const saved = await bo<FooterLink[]>('marketing', 'PUT', '/bo/v1/content/footer-links', { links });
    expect(saved.body.value.map((l) => l.label.en)).toEqual(['About us', 'Blog']);
    expect((await footer('CN')).map((l) => [l.key, l.path, l.labelCn, l.labelEn])).toEqual([
      ['about', '/help?page=about', '关于我们', 'About us'],
      ['blog', 'https://blog.example.com/news', '', 'Blog'],
    ]);
    expect((await bo<FooterLink[]>('readonly', 'GET', '/bo/v1/content/footer-links')).body.value).toEqual(
      saved.body.value,
    );
    expect(await auditCount('content.footer_links')).toBe(1);
  });

  it('refuses javascript: and quoted paths, duplicate keys, an empty EN label, NUL bytes, too many links and cs; nothing changes', async () => {
    const before = await footer();
    const put = (role: string, links: unknown[]) => bo(role, 'PUT', '/bo/v1/content/footer-links', { links });
    const ok = link('faq', '/help?page=faq', 'FAQ');
    for (const bad of [
      [link('x', 'javascript:alert(1)', 'X')],
      [link('x', '/a" onclick="evil()', 'X')],
      [ok, ok],
      [link('x', '/x', '   ')],
      [link('x', '/x', 'A\u0000B')],
      [link('Bad Key', '/x', 'X')],
      Array.from({ length: 21 }, (_, i) => link(`k${i}`, '/x', 'X')),
    ]) {
      expect((await put('marketing', bad)).body.errorCode).toBe('request_param_err');
    }
    expect((await put('cs', [ok])).body.errorCode).toBe('operator_forbidden');
    expect(await footer()).toEqual(before);
    // Another brand's change leaves DEMO's footer alone.
    const otherSave = await operatorCall(ctx, other.token, {
      method: 'PUT',
      url: '/bo/v1/content/footer-links',
      merchant: other.merchant,
      payload: { links: [ok] },
    });
    expect(otherSave.body.success).toBe(true);
    expect(await footer()).toEqual(before);
  });
});

describe('registration field rules', () => {
  const settings = async () =>
    (
      await call<RegistrationRules>(ctx.app, {
        method: 'GET',
        url: '/wps/system/setting/register',
        headers: headers(),
      })
    ).body.value.fields;
  const rule = (overrides: Record<string, unknown>) => ({
    enabled: true,
    required: true,
    acceptedPattern: '*',
    patternId: 1,
    minLength: 6,
    maxLength: 16,
    ...overrides,
  });

  it('an admin changes a rule; the register settings and the server enforce it at once', async () => {
    const username = randomUsername('qa');
    expect(username.length).toBeGreaterThan(8);
    const saved = await bo<RegistrationRules>('admin', 'PUT', '/bo/v1/content/registration', {
      fields: {
        username: rule({ maxLength: 8 }),
        email: rule({ patternId: 3, minLength: 5, maxLength: 254, acceptedPattern: '@example\\.com$' }),
      },
    });
    expect(saved.body.value.fields.username).toMatchObject({ maxLength: 8 });
    expect((await settings()).username).toMatchObject({ maxLength: 8 });
    expect((await settings()).email).toMatchObject({ required: true, acceptedPattern: '@example\\.com$' });

    const before = await countRows(ctx.db, 'members');
    const long = await registerMember(ctx, { username, email: 'a@example.com' });
    expect(long.body.fieldErrors?.username).toBe('reg_pattern_1');
    const missingEmail = await registerMember(ctx, { username: 'qa12345' });
    expect(missingEmail.body.fieldErrors?.email).toBe('validation.required');
    const otherDomain = await registerMember(ctx, { username: 'qa12346', email: 'a@elsewhere.org' });
    expect(otherDomain.body.fieldErrors?.email).toBe('reg_pattern_3');
    expect(await countRows(ctx.db, 'members')).toBe(before);
    const fits = await registerMember(ctx, { username: 'qa12347', email: 'qa@example.com' });
    expect(fits.body.success).toBe(true);
    expect(await auditCount('content.registration_rules')).toBe(1);
  });

  it.each([
    ['an invalid pattern', 'email', { acceptedPattern: '([a-z' }, 'email.acceptedPattern'],
    ['a pattern of 201 characters', 'email', { acceptedPattern: 'a'.repeat(201) }, 'email.acceptedPattern'],
    ['a minimum above the maximum', 'line', { minLength: 9, maxLength: 4 }, 'line.minLength'],
    ['a maximum of 10^12', 'line', { maxLength: 1_000_000_000_000 }, 'line.maxLength'],
    ['an optional password', 'password', { required: false }, 'password.required'],
  ])('refuses %s with registration_rule_invalid and stores nothing', async (_label, field, patch, key) => {
    const before = await settings();
    const res = await bo('admin', 'PUT', '/bo/v1/content/registration', { fields: { [field]: rule(patch) } });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('registration_rule_invalid');
    expect(res.body.fieldErrors).toHaveProperty([key]);
    expect(await settings()).toEqual(before);
  });

  it('refuses an unknown field, a pattern kind out of range, a NUL byte, and every role but admin', async () => {
    const nul = await bo('admin', 'PUT', '/bo/v1/content/registration', {
      fields: { email: rule({ acceptedPattern: 'a\u0000b' }) },
    });
    expect(nul.status).toBe(400);
    expect(nul.body.errorCode).toBe('request_param_err');
    expect((await settings()).email?.acceptedPattern).not.toContain('\u0000');
    const unknown = await bo('admin', 'PUT', '/bo/v1/content/registration', {
      fields: { shoeSize: rule({}) },
    });
    expect(unknown.body.errorCode).toBe('request_param_err');
    const kind = await bo('admin', 'PUT', '/bo/v1/content/registration', {
      fields: { line: rule({ patternId: 24 }) },
    });
    expect(kind.body.errorCode).toBe('request_param_err');
    for (const role of ['marketing', 'finance', 'cs', 'readonly']) {
      const res = await bo(role, 'PUT', '/bo/v1/content/registration', { fields: { line: rule({}) } });
      expect(res.body.errorCode).toBe('operator_forbidden');
    }
    // Another brand's admin changes its own brand's rules only.
    const demoBefore = await settings();
    const mine = await operatorCall<RegistrationRules>(ctx, other.token, {
      method: 'PUT',
      url: '/bo/v1/content/registration',
      merchant: other.merchant,
      payload: { fields: { username: rule({ maxLength: 12 }) } },
    });
    expect(mine.body.value.fields.username).toMatchObject({ maxLength: 12 });
    expect(await settings()).toEqual(demoBefore);
  });
});
