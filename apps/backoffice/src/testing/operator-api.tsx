import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

export type RecordedCall = { url: string; method: string; body: unknown };

/**
 * Renders a back-office page for a signed-in operator of `role` with `fetch` answering every call
 * with the envelope around `answer(url, method)`; returns the calls made, in order.
 */
export function renderAsOperator(
  role: string,
  page: ReactElement,
  answer: (url: string, method: string) => unknown,
): RecordedCall[] {
  sessionStorage.setItem('bo.token', 'tok');
  sessionStorage.setItem('bo.operator', JSON.stringify({ id: '1', username: 'op', role }));
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const value = answer(url, method);
    return new Response(JSON.stringify({ success: true, value, message: '', errorCode: '' }), {
      status: 200,
    });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {page}
    </QueryClientProvider>,
  );
  return calls;
}
