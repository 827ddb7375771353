import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { BalanceDisplay } from './BalanceDisplay.tsx';

describe('<BalanceDisplay>', () => {
  it('shows the formatted balance, hides it as *** on click and shows it again', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock } = stubApi({
      '/wps/v2/wallets/balance': {
        sumBalance: '1234567.80',
        balance: [{ accountTypeId: 0, availBalance: '1234567.80' }],
        currency: 'MYR',
        currencySymbol: 'RM',
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<BalanceDisplay fallbackSymbol="RM" />);
    const toggle = await screen.findByText('RM 1,234,567.80');
    fireEvent.click(toggle);
    expect(screen.getByTestId('balance-toggle').textContent).toBe('***');
    fireEvent.click(screen.getByTestId('balance-toggle'));
    expect(screen.getByTestId('balance-toggle').textContent).toBe('RM 1,234,567.80');
  });

  it('says the balance is unavailable instead of inventing one', async () => {
    window.sessionStorage.setItem('token', 'tok');
    vi.stubGlobal('fetch', stubApi({}).fetchMock);
    renderApp(<BalanceDisplay fallbackSymbol="RM" />);
    expect(await screen.findByText('Balance unavailable')).toBeTruthy();
  });
});
