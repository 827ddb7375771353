import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { ReferralPage } from './ReferralPage.tsx';

describe('<ReferralPage>', () => {
  it('shows the code, link, rule and invited friends, and adds a referrer by code', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = stubApi({
      '/wps/relay/MCSFE_getReferralDetails': {
        referralCode: 'ABCD2345',
        totalInvitations: 2,
        promotionDomains: ['https://demo.example'],
        referralLink: 'https://demo.example/register?referralCode=ABCD2345',
      },
      '/wps/referrals': {
        items: [
          {
            id: '1',
            friend: 'b***b',
            status: 'paid',
            firstDeposit: '60.00',
            turnover: '120.00',
            reward: '20.00',
            registeredAt: 0,
          },
          {
            id: '2',
            friend: 'c***y',
            status: 'pending',
            firstDeposit: null,
            turnover: '0.00',
            reward: null,
            registeredAt: 0,
          },
        ],
        total: 2,
        page: 1,
        size: 10,
        rule: {
          active: true,
          minFirstDeposit: '50.00',
          minTurnover: '100.00',
          withinDays: 7,
          reward: '20.00',
        },
        currency: 'MYR',
      },
      '/wps/referrals/bind': { bound: true },
      '/wps/system/status': { info: { whitelabel: { currency: 'MYR', currencySymbol: 'RM' } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<ReferralPage />);
    expect((await screen.findByTestId('referral-code')).textContent).toBe('ABCD2345');
    expect(screen.getByText('https://demo.example/register?referralCode=ABCD2345')).toBeTruthy();
    expect(screen.getByText('2 friends invited')).toBeTruthy();
    // The brand's one currency label (its symbol), never the ISO code, on every amount of the rule.
    await waitFor(() =>
      expect(screen.getByTestId('referral-rule').textContent).toBe(
        'Earn RM 20.00 for each friend whose first deposit is at least RM 50.00 and who bets RM 100.00 within 7 days of registering.',
      ),
    );
    expect(screen.getByText('Reward paid')).toBeTruthy();
    expect(screen.getByText('In progress')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Were you invited? Enter the code'), {
      target: { value: 'WXYZ2345' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/wps/referrals/bind'))).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/wps/referrals/bind'))?.init?.body))).toEqual({
      referralCode: 'WXYZ2345',
    });
    expect(await screen.findByText('Referral code added.')).toBeTruthy();
  });
});
