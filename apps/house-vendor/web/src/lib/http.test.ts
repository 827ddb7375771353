import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import CN_ERRORS from '../locales/CN/errors.json';
import EN_ERRORS from '../locales/EN/errors.json';
import MS_ERRORS from '../locales/MS/errors.json';
import { testResources } from '../testing/texts.ts';
import { ApiError, call, callFailureText, sessionFailureText } from './http.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: testResources(),
    lng: 'EN',
    fallbackLng: 'EN',
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const answering = (status: number, body: string) =>
  vi.stubGlobal('fetch', async () => new Response(body, { status }));

describe("the game pages' HTTP call", () => {
  it('turns an `{ error }` answer into an ApiError with its code and status', async () => {
    answering(503, JSON.stringify({ error: 'service_unavailable' }));
    const error = await call('GET', '/api/state', 't').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'service_unavailable', status: 503 });
  });

  it('an answer without a code is internal_error; a failed fetch is network (status 0)', async () => {
    answering(502, '<html>bad gateway</html>');
    expect(await call('GET', '/api/state', 't').catch((e: unknown) => e)).toMatchObject({
      code: 'internal_error',
      status: 502,
    });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await call('GET', '/api/state', 't').catch((e: unknown) => e)).toMatchObject({
      code: 'network',
      status: 0,
    });
  });
});

describe('the message of a session that cannot open', () => {
  it('says which: ended, wallet away, game briefly unavailable, unknown game, or the connection', async () => {
    const t = i18n.t.bind(i18n);
    expect(sessionFailureText(t, new ApiError('launch_invalid', 401))).toBe(EN_ERRORS.session_invalid);
    expect(sessionFailureText(t, new ApiError('platform_unavailable', 503))).toBe(
      EN_ERRORS.platform_unavailable,
    );
    expect(sessionFailureText(t, new ApiError('service_unavailable', 503))).toBe(
      EN_ERRORS.service_unavailable,
    );
    expect(sessionFailureText(t, new ApiError('table_unknown', 404))).toBe(EN_ERRORS.game_unknown);
    expect(sessionFailureText(t, new TypeError('x'))).toBe(EN_ERRORS.network);
    expect(sessionFailureText(t, new ApiError('too_many_requests', 429))).toBe(EN_ERRORS.too_many_requests);
    expect(callFailureText(t, new ApiError('too_many_requests', 429))).toBe(EN_ERRORS.too_many_requests);
    expect(callFailureText(t, new ApiError('bet_invalid', 400))).toBe(EN_ERRORS.network);
    await i18n.changeLanguage('CN');
    expect(sessionFailureText(i18n.t.bind(i18n), new ApiError('service_unavailable', 503))).toBe(
      CN_ERRORS.service_unavailable,
    );
    expect(MS_ERRORS.service_unavailable).not.toBe(EN_ERRORS.service_unavailable);
    expect(sessionFailureText(i18n.t.bind(i18n), new ApiError('too_many_requests', 429))).toBe(
      CN_ERRORS.too_many_requests,
    );
    expect(MS_ERRORS.too_many_requests).not.toBe(EN_ERRORS.too_many_requests);
  });
});
