import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { WithdrawalsPage } from './WithdrawalsPage.tsx';

const sealed = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/sealed-request.ts', () => ({ sealedRequest: sealed }));

describe('<WithdrawalsPage> with a bonus in wagering', () => {
  beforeAll(() => loadErrorCatalogue());

  it('shows bonus_wagering_active and sends the same request again with forfeitBonus when confirmed', async () => {
    window.sessionStorage.setItem('token', 'tok');
    vi.stubGlobal(
      'fetch',
      stubApi({
        '/wps/relay/MCSFE_getWithdrawSettings': {
          minimumAmount: '100.00',
          maximumAmount: '50000.00',
          dailyCountLimit: 5,
          dailyAmountLimit: '0.00',
          dailyCountUsed: 0,
          dailyAmountUsed: '0.00',
          dailyCountRemaining: 5,
          dailyAmountRemaining: null,
          autoReceiptMinutes: 60,
          confirmationRequired: true,
          maxBankCards: 5,
          currency: 'MYR',
          currencySymbol: 'RM',
        },
        '/wps/member/info': { hasFundsPassword: true },
        '/wps/member/bankCards': {
          cards: [
            {
              id: '7',
              bankName: 'Maybank',
              accountHolderName: 'Ali',
              accountNumber: '**** 9012',
              createdAt: 0,
            },
          ],
          maxCards: 5,
        },
        '/wps/member/withdrawals': { items: [], total: 0, page: 1, size: 10 },
      }).fetchMock,
    );
    sealed
      .mockRejectedValueOnce(new ApiError('bonus_wagering_active', '', 200))
      .mockResolvedValueOnce({ id: '9' });
    renderApp(<WithdrawalsPage />);
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '200' } });
    fireEvent.change(screen.getByLabelText('Funds password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByRole('alert')).textContent).toContain('forfeits the bonus');
    fireEvent.click(screen.getByTestId('withdraw-forfeit-bonus'));
    await waitFor(() => expect(sealed).toHaveBeenCalledTimes(2));
    const [first, second] = sealed.mock.calls.map((call) => call[2] as Record<string, unknown>);
    expect(first).not.toHaveProperty('forfeitBonus');
    expect(second).toMatchObject({
      amount: '200',
      bankCardId: '7',
      forfeitBonus: true,
      clientRequestId: first?.clientRequestId,
    });
    expect(await screen.findByText('Withdrawal requested', { exact: false })).toBeTruthy();
  });
});
