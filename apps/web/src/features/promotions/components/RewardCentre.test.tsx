import type { MemberPromotion, RaffleDraw } from '@lotus/contracts/promotions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { BonusDetailsPage } from './BonusDetailsPage.tsx';
import { memberPromotion } from './member-promotion.fixture.ts';
import { RewardCenterPage } from './RewardCenterPage.tsx';

const record = (extra: Partial<MemberPromotion>): MemberPromotion =>
  memberPromotion({
    title: 'Welcome bonus',
    state: 'issued',
    depositAmount: '100.00',
    bonusAmount: '50.00',
    wageringRequired: '500.00',
    maxBet: '20.00',
    claimedAt: null,
    ...extra,
  });

/** The answer of MCS2_claimRafflePromotion for ticket 5 (a money prize unless told). */
const drawn = (extra: Partial<RaffleDraw>): RaffleDraw => ({
  ticket: '5',
  promotionId: '7',
  prize: '',
  prizeKind: 'money',
  prizeId: '2',
  amount: '0.00',
  points: '0',
  seedHash: 'a'.repeat(64),
  clientSeed: 'x',
  roll: 'b'.repeat(64),
  available: [],
  state: 'claimed',
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

  it('with nothing applied for, offers the way to the promotions page', async () => {
    const api = stubApi({ '/wps/promotions/rewards/mine': { items: [] } });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<RewardCenterPage />);
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'See the promotions' });
    expect(link.getAttribute('href')).toBe('/promotions');
    expect(screen.queryAllByTestId('reward-item')).toHaveLength(0);
  });

  it('draws a raffle ticket through MCS2_claimRafflePromotion and shows the prize', async () => {
    const api = stubApi({
      '/wps/promotions/rewards/mine': {
        items: [
          record({ id: '5', title: 'Lucky draw', raffle: true, bonusAmount: '0.00' }),
          record({ id: '6', title: 'Old draw', raffle: true, state: 'claimed', prize: 'Gold coin' }),
        ],
      },
      '/wps/relay/MCS2_claimRafflePromotion': drawn({ prize: 'Silver coin', amount: '5.00' }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<RewardCenterPage />);
    expect(await screen.findByText('Prize: Gold coin')).toBeTruthy();
    const first = (await screen.findAllByTestId('reward-item'))[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Draw my ticket' }));
    expect((await screen.findByTestId('raffle-prize')).textContent).toBe('You won Silver coin (5.00).');
    const call = api.calls.find((c) => c.url.endsWith('/wps/relay/MCS2_claimRafflePromotion'));
    expect(JSON.parse(String(call?.init?.body))).toMatchObject({
      id: '5',
      clientSeed: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(api.calls.some((c) => c.url.includes('/claim'))).toBe(false);
  });

  it('draws a points prize: the points shown in the draw and in the reward centre', async () => {
    const api = stubApi({
      '/wps/promotions/rewards/mine': {
        items: [
          record({ id: '5', title: 'Points draw', raffle: true, bonusAmount: '0.00' }),
          record({
            id: '6',
            title: 'Old draw',
            raffle: true,
            state: 'claimed',
            prize: 'Points bag',
            prizePoints: '500',
          }),
        ],
      },
      '/wps/relay/MCS2_claimRafflePromotion': drawn({
        prize: 'Points bag',
        prizeKind: 'points',
        amount: '0.00',
        points: '250',
      }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<RewardCenterPage />);
    expect(await screen.findByText('Prize: Points bag (500 points)')).toBeTruthy();
    const first = (await screen.findAllByTestId('reward-item'))[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Draw my ticket' }));
    expect((await screen.findByTestId('raffle-prize')).textContent).toBe(
      'You won Points bag: 250 points added to your points.',
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
