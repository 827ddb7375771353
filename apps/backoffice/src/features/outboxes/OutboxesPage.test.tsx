import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import OutboxesPage from './OutboxesPage.tsx';

describe('<OutboxesPage>', () => {
  it('fetches the lists again when the window regains focus, even within the app-wide 10 s cache', async () => {
    sessionStorage.setItem('bo.token', 'tok');
    sessionStorage.setItem('bo.operator', JSON.stringify({ id: '1', username: 'op', role: 'cs' }));
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response(
        JSON.stringify({
          success: true,
          value: { items: [], total: 0, page: 1, pageSize: 20 },
          message: '',
          errorCode: '',
        }),
        { status: 200 },
      );
    });
    // The app's client keeps answers fresh for 10 s (App.tsx): the outbox must not wait for that.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
    render(
      <QueryClientProvider client={client}>
        <OutboxesPage />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls.filter((url) => url.includes('/bo/v1/outbox/')).length).toBe(2));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(calls.filter((url) => url.includes('/bo/v1/outbox/')).length).toBe(4));
    focusManager.setFocused(undefined);
  });
});
