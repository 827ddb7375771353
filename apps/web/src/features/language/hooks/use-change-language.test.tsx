import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n, initialLanguage } from '../../../lib/i18n.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { LanguagePicker } from '../components/LanguagePicker.tsx';
import { useChangeLanguage } from './use-change-language.ts';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

describe('language choice', () => {
  it('stores lang and hisLang, shows MS texts, updates html lang and tells the server', async () => {
    const api = stubApi({ '/wps/member/language': { language: 'MS' } });
    vi.stubGlobal('fetch', api.fetchMock);
    window.localStorage.setItem('lang', 'EN');
    const { result } = renderHook(() => ({ change: useChangeLanguage(), t: useTranslation().t }), {
      wrapper,
    });

    await act(() => result.current.change('MS'));

    expect(window.localStorage.getItem('lang')).toBe('MS');
    expect(window.localStorage.getItem('hisLang')).toBe('EN');
    expect(document.documentElement.lang).toBe('ms');
    expect(result.current.t('nav.home')).toBe('Utama');
    const put = api.calls.find((call) => call.url === '/wps/member/language');
    if (!put?.init) throw new Error('PUT /wps/member/language was not called');
    expect(put.init.method).toBe('PUT');
    expect(JSON.parse(String(put.init.body))).toEqual({ language: 'MS' });
    expect((put.init.headers as Record<string, string>).Language).toBe('MS');
  });

  it('the first choice keeps the language shown before it (brand default) in hisLang', async () => {
    vi.stubGlobal('fetch', stubApi({ '/wps/member/language': { language: 'CN' } }).fetchMock);
    const { result } = renderHook(() => useChangeLanguage(), { wrapper });
    await act(() => result.current('CN'));
    expect(window.localStorage.getItem('lang')).toBe('CN');
    expect(window.localStorage.getItem('hisLang')).toBe('EN');
  });

  it('a language without shipped texts falls back to EN texts', async () => {
    vi.stubGlobal('fetch', stubApi({ '/wps/member/language': { language: 'JA' } }).fetchMock);
    const { result } = renderHook(() => ({ change: useChangeLanguage(), t: useTranslation().t }), {
      wrapper,
    });
    await act(() => result.current.change('JA'));
    expect(window.localStorage.getItem('lang')).toBe('JA');
    expect(result.current.t('nav.home')).toBe('Home');
    expect(document.documentElement.lang).toBe('en');
  });

  it('the stored choice survives a reload; the brand default applies only without one', () => {
    expect(initialLanguage('CN')).toBe('CN');
    window.localStorage.setItem('lang', 'MS');
    expect(initialLanguage('CN')).toBe('MS');
    window.localStorage.setItem('lang', 'XX');
    expect(initialLanguage('CN')).toBe('CN');
  });

  it('the picker shows the current language on its button', async () => {
    await act(() => i18n.changeLanguage('CN'));
    renderApp(<LanguagePicker brandCodes={['EN', 'MS', 'CN']} />);
    const button = screen.getByTestId('language-picker');
    expect(button.textContent).toContain('CN');
    expect(button.getAttribute('aria-label')).toContain('简体中文');
  });
});
