import type { ConsolidatedFunds, WalletTransferResult } from '@lotus/contracts/wallet';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { TransferFundPage } from './TransferFundPage.tsx';

const transferMode: ConsolidatedFunds = {
  isSingle: false,
  main: '90071992547409.93',
  vendorWallets: [
    { accountTypeId: 3, vendorCode: 'SLOTS', vendorName: 'Slots', balance: '12.50', active: true },
    { accountTypeId: 5, vendorCode: 'LIVE', vendorName: 'Live casino', balance: '0.00', active: true },
  ],
  sumBalance: '90071992547422.43',
  pendingDeposits: '0.00',
  pendingWithdrawals: '0.00',
  currency: 'MYR',
  currencySymbol: 'RM',
};

function start(funds: ConsolidatedFunds, transferResult?: WalletTransferResult) {
  window.sessionStorage.setItem('token', 'tok');
  const api = stubApi({
    '/wps/member/info/funds/consolidated': funds,
    ...(transferResult
      ? {
          '/wps/relay/GCS_walletTransfer': transferResult,
          '/wps/relay/GCS_walletTransferAllToMain': transferResult,
        }
      : {}),
  });
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp(<TransferFundPage />);
  return api;
}

const posted = (calls: { url: string; init: RequestInit | undefined }[], path: string) =>
  calls
    .filter((c) => c.url.startsWith(path) && c.init?.method === 'POST')
    .map((c) => JSON.parse(String(c.init?.body)) as Record<string, unknown>);

describe('<TransferFundPage>', () => {
  beforeAll(() => loadErrorCatalogue());

  it('shows every wallet with amounts above 2^53 exactly', async () => {
    start(transferMode);
    expect((await screen.findByTestId('wallet-main')).textContent).toBe('RM 90,071,992,547,409.93');
    expect(screen.getByTestId('wallet-vendor-3').textContent).toBe('RM 12.50');
    expect(screen.getByTestId('wallet-total').textContent).toBe('RM 90,071,992,547,422.43');
    expect(screen.queryByTestId('wallet-pending-withdrawals')).toBeNull();
  });

  it('shows money in flight when there is some', async () => {
    start({ ...transferMode, pendingWithdrawals: '300.00', pendingDeposits: '125.50' });
    expect((await screen.findByTestId('wallet-pending-withdrawals')).textContent).toBe('RM 300.00');
    expect(screen.getByTestId('wallet-pending-deposits').textContent).toBe('RM 125.50');
  });

  it('says no transfer is needed in single-wallet mode and offers no form', async () => {
    start({ ...transferMode, isSingle: true, main: '5.00', sumBalance: '5.00', vendorWallets: [] });
    expect(await screen.findByTestId('wallet-single')).toBeTruthy();
    expect(screen.getByTestId('wallet-main').textContent).toBe('RM 5.00');
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
  });

  it('sends one transfer body for a double click (same requestId) and shows the result', async () => {
    const { calls } = start(transferMode, {
      transferred: '10.50',
      replayed: false,
      funds: { ...transferMode, main: '90071992547399.43' },
    });
    await screen.findByTestId('wallet-main');
    fireEvent.change(screen.getByLabelText('Game wallet'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10.5' } });
    const submit = screen.getByRole('button', { name: 'Transfer' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('RM 10.50 transferred.')).toBeTruthy();
    const bodies = posted(calls, '/wps/relay/GCS_walletTransfer');
    expect(bodies.length).toBeGreaterThanOrEqual(1);
    expect(bodies[0]).toMatchObject({ from: 0, to: 5, amount: '10.5' });
    expect(new Set(bodies.map((b) => b.requestId)).size).toBe(1);
    expect(screen.getByTestId('wallet-main').textContent).toBe('RM 90,071,992,547,399.43');
  });

  it('moves from a game wallet back to main, and refuses a bad amount without calling', async () => {
    const { calls } = start(transferMode, { transferred: '1.00', replayed: false, funds: transferMode });
    await screen.findByTestId('wallet-main');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1.005' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/at most two decimals/);
    expect(posted(calls, '/wps/relay/GCS_walletTransfer')).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('Game wallet → main wallet'));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(posted(calls, '/wps/relay/GCS_walletTransfer')).toHaveLength(1));
    expect(posted(calls, '/wps/relay/GCS_walletTransfer')[0]).toMatchObject({ from: 3, to: 0, amount: '1' });
  });

  it('sweeps every game wallet back to main', async () => {
    const { calls } = start(transferMode, { transferred: '12.50', replayed: false, funds: transferMode });
    await screen.findByTestId('wallet-main');
    fireEvent.click(screen.getByRole('button', { name: 'All back to main wallet' }));
    expect(await screen.findByText('RM 12.50 moved back to the main wallet.')).toBeTruthy();
    expect(posted(calls, '/wps/relay/GCS_walletTransferAllToMain')[0]?.requestId).toEqual(expect.any(String));
  });
});
