import type { TransactionHistoryPage as Page, TransactionRecord } from '@lotus/contracts/wallet';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { TransactionHistoryPage } from './TransactionHistoryPage.tsx';

const NOW = new Date(2026, 10, 23, 10, 30, 0);
const local = (y: number, m: number, d: number) => new Date(y, m, d).toISOString();

const record = (over: Partial<TransactionRecord> = {}): TransactionRecord => ({
  id: '1',
  type: 'bet',
  accountTypeId: 0,
  amount: '-10.00',
  balanceAfter: '90.00',
  time: NOW.getTime(),
  reference: 'tx-1',
  ...over,
});

function start(items: TransactionRecord[], total = items.length) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  window.sessionStorage.setItem('token', 'tok');
  const page: Page = {
    items,
    total,
    page: 1,
    size: 20,
    from: 0,
    to: 0,
    currency: 'MYR',
    currencySymbol: 'RM',
  };
  const api = stubApi({ '/wps/member/transactions': page });
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp(<TransactionHistoryPage />);
  const queries = () =>
    api.calls
      .filter((c) => c.url.startsWith('/wps/member/transactions'))
      .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
  return { queries, last: () => queries().at(-1) };
}

describe('<TransactionHistoryPage>', () => {
  beforeAll(() => loadErrorCatalogue());

  it('asks for the past 7 days by default and shows amounts above 2^53 exactly', async () => {
    const { last } = start([
      record({ id: '2', type: 'win', amount: '90071992547409.99', balanceAfter: '90071992547499.99' }),
      record(),
    ]);
    expect(await screen.findByText('+RM 90,071,992,547,409.99')).toBeTruthy();
    expect(screen.getByText('RM 90,071,992,547,499.99')).toBeTruthy();
    expect(screen.getByText('-RM 10.00')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(last()).toEqual({ from: local(2026, 10, 16), to: local(2026, 10, 24), page: '1', size: '20' });
  });

  it('sends the chosen type and the 30-day quick pick, back on page 1', async () => {
    const { last } = start([record()], 45);
    await screen.findByText('-RM 10.00');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(last()?.page).toBe('2'));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'bet' } });
    await waitFor(() => expect(last()).toMatchObject({ type: 'bet', page: '1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Past 30 days' }));
    await waitFor(() =>
      expect(last()).toEqual({
        type: 'bet',
        from: local(2026, 9, 24),
        to: local(2026, 10, 24),
        page: '1',
        size: '20',
      }),
    );
  });

  it('checks custom dates before asking: start after end is refused, a valid range is sent', async () => {
    const { queries, last } = start([]);
    expect(await screen.findByText('No movements in this period.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Custom dates' }));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-10' } });
    const before = queries().length;
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/before the end date/);
    expect(queries()).toHaveLength(before);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last()).toMatchObject({ from: local(2026, 10, 1), to: local(2026, 10, 11) }));
  });
});
