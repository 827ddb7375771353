import type { MemberPromotion } from '@lotus/contracts/promotions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { BonusDetailsPage } from './BonusDetailsPage.tsx';
import { RewardCenterPage } from './RewardCenterPage.tsx';

const record = (extra: Partial<MemberPromotion>): MemberPromotion => ({
  id: '1',
  promotionId: '7',
  title: 'Welcome bonus',
  state: 'issued',
  closeReason: '',
  rejectReason: '',
  depositAmount: '100.00',
  bonusAmount: '50.00',
  wageringRequired: '500.00',
  wageringDone: '0.00',
  lockedAmount: '0.00',
  forfeitedAmount: '0.00',
  flaggedBets: 0,
  maxBet: '20.00',
  claimedAt: null,
  expiresAt: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  ...extra,
});

describe('reward centre and bonus details', () => {
  it('lists the member’s promotions by state and claims an issued one', async () => {
    const api = stubApi({
      '/wps/promotions/rewards/mine': {
        items: [
          record({}),
          record({ id: '2', title: 'Reload', state: 'rejected', rejectReason: 'duplicate' }),
        ],
      },
      '/wps/promotions/rewards/1/claim': record({ state: 'process' }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<RewardCenterPage />);
    const items = await screen.findAllByTestId('reward-item');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByText('Reason: duplicate')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'rejected' } });
    expect(screen.getAllByTestId('reward-item')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('State'), { target: { value: '' } });
    fireEvent.click(within(screen.getAllByTestId('reward-item')[0]!).getByRole('button', { name: 'Claim' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.endsWith('/wps/promotions/rewards/1/claim'))).toBe(true),
    );
  });

  it('shows each claimed bonus with its wagering progress, locked amount and flagged bets', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({
        '/wps/promotions/rewards/mine': {
          items: [
            record({
              state: 'process',
              claimedAt: '2026-11-26T08:00:00.000Z',
              expiresAt: '2026-12-03T08:00:00.000Z',
              wageringDone: '125.00',
              lockedAmount: '50.00',
              flaggedBets: 2,
            }),
            record({ id: '3', state: 'applying' }),
          ],
        },
      }).fetchMock,
    );
    renderApp(<BonusDetailsPage />);
    const items = await screen.findAllByTestId('bonus-item');
    expect(items).toHaveLength(1);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('125.00 / 500.00')).toBeTruthy();
    expect(screen.getByText('2 bets above the maximum bet did not count.')).toBeTruthy();
  });
});
