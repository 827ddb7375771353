import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { i18n } from '../lib/i18n.ts';

export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders with a fresh query client (no retries), i18n and a memory router at `route`. */
export function renderApp(ui: ReactElement, { route = '/index' }: { route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  {ui}
                  <LocationProbe />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** A fetch stub answering each path (without query) with an envelope around the given value. */
export function stubApi(values: Record<string, unknown>) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const path = url.split('?')[0]!;
    if (!(path in values)) {
      return new Response(
        JSON.stringify({ success: false, value: null, message: 'Not found.', errorCode: 'not_found' }),
        {
          status: 404,
        },
      );
    }
    return new Response(JSON.stringify({ success: true, value: values[path], message: '', errorCode: '' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchMock, calls };
}
