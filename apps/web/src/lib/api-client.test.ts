import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, requestHeaders } from './api-client.ts';
import { ApiError, errorText } from './api-error.ts';
import { loadErrorCatalogue } from './error-catalogue.ts';
import { i18n } from './i18n.ts';

function answer(body: unknown, status = 200) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

describe('apiRequest', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('returns the envelope value and sends the platform headers', async () => {
    document.head.innerHTML = '<meta name="merchant" content="DEMO">';
    window.sessionStorage.setItem('token', 'tok-1');
    const fetchMock = answer({ success: true, value: { ok: 1 }, message: '', errorCode: '' });
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiRequest('/wps/system/status', { query: { a: 'x y', skip: undefined } })).resolves.toEqual(
      {
        ok: 1,
      },
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wps/system/status?a=x+y');
    expect(init.headers).toMatchObject({
      Merchant: 'DEMO',
      Language: 'EN',
      Device: 'web',
      Authorization: 'tok-1',
    });
    expect(window.sessionStorage.getItem('merchant')).toBe('DEMO');
  });

  it('omits Authorization without a token and sends the chosen language', async () => {
    await i18n.changeLanguage('MS');
    const fetchMock = answer({ success: true, value: null, message: '', errorCode: '' });
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/x');
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<
      string,
      string
    >;
    expect(headers.Authorization).toBeUndefined();
    expect(headers.Language).toBe('MS');
    expect(requestHeaders().Language).toBe('MS');
  });

  it('throws ApiError with the envelope code and message on a business failure', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ success: false, value: null, message: 'Sila cuba lagi', errorCode: 'TOO_MANY_REQUESTS' }, 429),
    );
    const error = await apiRequest('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorCode).toBe('TOO_MANY_REQUESTS');
    expect((error as ApiError).message).toBe('Sila cuba lagi');
    expect((error as ApiError).status).toBe(429);
  });

  it('treats success:false with HTTP 200 as a failure too', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ success: false, value: null, message: 'no', errorCode: 'feature_disabled' }),
    );
    await expect(apiRequest('/x')).rejects.toMatchObject({ errorCode: 'feature_disabled' });
  });

  it('turns a network failure into network_abnormal with the catalogue text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await loadErrorCatalogue();
    const error = await apiRequest('/x').catch((e: unknown) => e);
    expect((error as ApiError).errorCode).toBe('network_abnormal');
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(errorText(error)).toBe('The network is abnormal. Please try again.');
  });

  it('maps a non-envelope answer to system_error and shows catalogue texts in the UI language', async () => {
    vi.stubGlobal('fetch', answer('<html>bad gateway</html>', 502));
    await loadErrorCatalogue();
    const error = await apiRequest('/x').catch((e: unknown) => e);
    expect((error as ApiError).errorCode).toBe('system_error');
    await i18n.changeLanguage('CN');
    expect(errorText(error)).toBe('系统错误，请稍后再试。');
  });

  it('shows the server message for a code outside the catalogue', () => {
    expect(errorText(new ApiError('vendor_specific', 'Vendor says no'))).toBe('Vendor says no');
  });
});
