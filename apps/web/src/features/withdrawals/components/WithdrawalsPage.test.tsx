import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { WithdrawalsPage } from './WithdrawalsPage.tsx';

const settings = {
  minimumAmount: '100.00',
  maximumAmount: '50000.00',
  dailyCountLimit: 5,
  dailyAmountLimit: '0.00',
  dailyCountUsed: 1,
  dailyAmountUsed: '250.00',
  dailyCountRemaining: 4,
  dailyAmountRemaining: null,
  autoReceiptMinutes: 60,
  confirmationRequired: true,
  maxBankCards: 5,
  currency: 'MYR',
  currencySymbol: 'RM',
};

const paid = {
  id: '42',
  amount: '1234.50',
  currency: 'MYR',
  status: 'paid',
  bankName: 'Maybank',
  accountHolderName: 'Ali',
  accountNumber: '**** 9012',
  rejectReason: '',
  confirmation: null,
  receivedAmount: null,
  createdAt: Date.UTC(2026, 0, 2),
  paidAt: Date.UTC(2026, 0, 2, 1),
  autoReceiptAt: Date.UTC(2026, 0, 2, 2),
};

function api(extra: Record<string, unknown> = {}) {
  return stubApi({
    '/wps/relay/MCSFE_getWithdrawSettings': settings,
    '/wps/member/info': { hasFundsPassword: true },
    '/wps/member/bankCards': {
      cards: [
        { id: '7', bankName: 'Maybank', accountHolderName: 'Ali', accountNumber: '**** 9012', createdAt: 0 },
      ],
      maxCards: 5,
    },
    '/wps/member/withdrawals': { items: [paid], total: 1, page: 1, size: 10 },
    ...extra,
  });
}

describe('<WithdrawalsPage>', () => {
  beforeAll(() => loadErrorCatalogue());

  it('shows the masked card, the limits and a paid withdrawal with its confirmation actions', async () => {
    window.sessionStorage.setItem('token', 'tok');
    vi.stubGlobal('fetch', api().fetchMock);
    renderApp(<WithdrawalsPage />);
    expect(await screen.findByText('From RM 100.00 to RM 50,000.00')).toBeTruthy();
    expect(screen.getByTestId('bank-cards').textContent).toContain('**** 9012');
    const item = await screen.findByTestId('withdrawal-42');
    expect(item.textContent).toContain('RM 1,234.50');
    expect(item.textContent).toContain('Paid');
    expect(screen.getByRole('button', { name: 'Not received' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Partial amount' })).toBeTruthy();
  });

  it('shows the daily count and amount limits with what today used and what remains', async () => {
    window.sessionStorage.setItem('token', 'tok');
    vi.stubGlobal('fetch', api().fetchMock);
    renderApp(<WithdrawalsPage />);
    expect((await screen.findByTestId('withdraw-daily-count')).textContent).toBe('1 of 5 used, 4 left');
    expect(screen.getByTestId('withdraw-daily-amount').textContent).toBe('RM 250.00 used, no daily limit');
    expect(screen.queryByTestId('withdraw-daily-reached')).toBeNull();
  });

  it('shows a VIP amount limit and that the day’s limit is reached', async () => {
    window.sessionStorage.setItem('token', 'tok');
    vi.stubGlobal(
      'fetch',
      api({
        '/wps/relay/MCSFE_getWithdrawSettings': {
          ...settings,
          dailyCountLimit: 3,
          dailyCountUsed: 3,
          dailyCountRemaining: 0,
          dailyAmountLimit: '1000.00',
          dailyAmountUsed: '999.99',
          dailyAmountRemaining: '0.01',
        },
      }).fetchMock,
    );
    renderApp(<WithdrawalsPage />);
    expect((await screen.findByTestId('withdraw-daily-count')).textContent).toBe('3 of 3 used, 0 left');
    expect(screen.getByTestId('withdraw-daily-amount').textContent).toBe(
      'RM 999.99 of RM 1,000.00 used, RM 0.01 left',
    );
    expect(screen.getByTestId('withdraw-daily-reached').textContent).toContain('today');
  });

  it('refuses an amount below the minimum before calling the server', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = api();
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<WithdrawalsPage />);
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '99.99' } });
    fireEvent.change(screen.getByLabelText('Funds password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('The minimum withdrawal is RM 100.00.');
    expect(calls.some((c) => c.url.includes('passwordCheck'))).toBe(false);
  });

  it('sends "received" for a paid withdrawal', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = api({
      '/wps/member/withdrawals/42/received': { ...paid, status: 'received', confirmation: 'received' },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<WithdrawalsPage />);
    fireEvent.click(await screen.findByTestId('confirm-received'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.includes('/wps/member/withdrawals/42/received') && c.init?.method === 'POST'),
      ).toBe(true),
    );
  });

  it('asks a member without a funds password to set one', async () => {
    window.sessionStorage.setItem('token', 'tok');
    vi.stubGlobal('fetch', api({ '/wps/member/info': { hasFundsPassword: false } }).fetchMock);
    renderApp(<WithdrawalsPage />);
    expect(await screen.findByText(/Set a funds password in the security center/)).toBeTruthy();
  });
});
