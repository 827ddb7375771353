import { errorMessage } from '@lotus/contracts/errors';
import { describe, expect, it } from 'vitest';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp();

const put = (body: unknown, merchant = 'DEMO', language = 'EN', remoteAddress = '127.0.0.1') =>
  call<{ language: string }>(ctx.app, {
    method: 'PUT',
    url: '/wps/member/language',
    remoteAddress,
    headers: headers(merchant, language),
    payload: body as Record<string, unknown>,
  });

describe('PUT /wps/member/language', () => {
  it.each(['EN', 'MS', 'CN', 'ja', 'TH'])('accepts %s from the brand UI list', async (language) => {
    const { status, body } = await put({ language });
    expect(status).toBe(200);
    expect(body.value).toEqual({ language: language.toUpperCase() });
  });

  it('refuses a language the brand does not offer, in the caller language', async () => {
    const { status, body } = await put({ language: 'XX' }, 'DEMO', 'CN');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      errorCode: 'language_unsupported',
      message: errorMessage('language_unsupported', 'CN'),
      fieldErrors: { language: 'errors.language_unsupported' },
    });
  });

  it.each([
    ['missing', {}],
    ['wrong type', { language: 42 }],
    ['too long', { language: 'ENGLISH' }],
  ])('refuses a %s language with request_param_err', async (_label, body) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
    expect(res.body.fieldErrors).toHaveProperty('language');
  });

  it('refuses malformed JSON with request_param_err', async () => {
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/wps/member/language',
      headers: { ...headers(), 'content-type': 'application/json' },
      payload: '{"language":',
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
  });

  it("validates against each brand's own list", async () => {
    const brand = await createBrand(ctx.db, {});
    await ctx.db
      .updateTable('brands')
      .set({ ui_languages: JSON.stringify(['EN']), supported_languages: JSON.stringify(['EN']) })
      .where('id', '=', brand.id)
      .execute();
    expect((await put({ language: 'MS' }, brand.merchantCode)).body.errorCode).toBe('language_unsupported');
    expect((await put({ language: 'MS' })).status).toBe(200);
  });

  it('throttles a sender with TOO_MANY_REQUESTS, per brand and address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await put({ language: 'EN' }, 'DEMO', 'EN', '198.51.100.4')).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await put({ language: 'EN' }, 'DEMO', 'EN', '198.51.100.5')).status).toBe(200);
  });
});
