import type { MemberPromotion, PromotionCard, PromotionDetail } from '@lotus/contracts/promotions';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { memberPromotion } from './member-promotion.fixture.ts';
import { PromotionCardsView } from './PromotionCardsView.tsx';
import { PromotionDetailView } from './PromotionDetailView.tsx';
import { RewardCenterPage } from './RewardCenterPage.tsx';

// Reward kinds points and free rounds: cards, the promotion's detail and the reward centre show
// "N points" and "N free spins at S each".

const card = (extra: Partial<PromotionCard>): PromotionCard => ({
  id: '7',
  title: 'Points week',
  image: '',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2026-12-01T00:00:00.000Z',
  state: null,
  recordId: null,
  canApply: true,
  canClaim: false,
  canCancel: false,
  asksContact: false,
  rewardKind: 'points',
  rewardAmount: '0.00',
  rewardPercent: '0',
  rewardCap: '0.00',
  rewardPoints: '750',
  freeRoundsCount: 0,
  freeRoundsStake: '0.00',
  wageringMultiplier: 0,
  ...extra,
});

const detail: PromotionDetail = {
  ...card({}),
  content: '',
  frequency: 'weekly',
  rules: {},
  wageringIncludesDeposit: false,
  contributions: {},
  maxBet: '0.00',
  expiryDays: 7,
  needsApproval: false,
  raffle: null,
};

const record: MemberPromotion = memberPromotion({ title: 'Points week', rewardPoints: '750' });

describe('points rewards on the member site', () => {
  it('a card shows the points; a money card shows none', async () => {
    const api = stubApi({
      '/wps/promotions': {
        items: [card({}), card({ id: '8', title: 'Cash', rewardKind: 'fixed', rewardPoints: '0' })],
      },
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<PromotionCardsView signedIn={false} detailPath={(id) => `/promoDetail?id=${id}`} />);
    const shown = await screen.findAllByTestId('promotion-card-points');
    expect(shown.map((s) => s.textContent)).toEqual(['750 points']);
  });

  it('the detail names the reward as points', async () => {
    vi.stubGlobal('fetch', stubApi({ '/wps/promotions/7': detail }).fetchMock);
    renderApp(<PromotionDetailView id="7" signedIn={false} />);
    expect(await screen.findByText('750 points')).toBeTruthy();
  });

  it('the reward centre shows the points of a points reward only', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({
        '/wps/promotions/rewards/mine': { items: [record, { ...record, id: '2', rewardPoints: null }] },
      }).fetchMock,
    );
    renderApp(<RewardCenterPage />);
    const shown = await screen.findAllByTestId('reward-points');
    expect(shown.map((s) => s.textContent)).toEqual(['750 points']);
  });

  it('a free-round promotion names its spins on the card and the detail, not a percentage', async () => {
    const spins = {
      rewardKind: 'free_rounds',
      rewardPoints: '0',
      freeRoundsCount: 10,
      freeRoundsStake: '0.20',
    };
    vi.stubGlobal(
      'fetch',
      stubApi({ '/wps/promotions': { items: [card(spins)] }, '/wps/promotions/7': { ...detail, ...spins } })
        .fetchMock,
    );
    const cards = renderApp(
      <PromotionCardsView signedIn={false} detailPath={(id) => `/promoDetail?id=${id}`} />,
    );
    expect((await screen.findByTestId('promotion-card-free-rounds')).textContent).toBe(
      '10 free spins at 0.20 each',
    );
    cards.unmount();
    renderApp(<PromotionDetailView id="7" signedIn={false} />);
    expect(await screen.findByText(/^10 free spins at .*0\.20 each$/)).toBeTruthy();
    expect(screen.queryByText(/%/)).toBeNull();
  });
});
