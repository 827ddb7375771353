import type { FreeRoundGrant, MemberPromotion } from '@lotus/contracts/promotions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { BonusDetailsPage } from './BonusDetailsPage.tsx';
import { memberPromotion } from './member-promotion.fixture.ts';
import { RewardCenterPage } from './RewardCenterPage.tsx';

/** A free-round reward's grant in the reward centre and bonus details (docs/free-rounds.md). */
const grant = (extra: Partial<FreeRoundGrant> = {}): FreeRoundGrant => ({
  grantId: '77',
  vendorCode: 'HOUSE',
  gameCode: 'lotus-garden',
  gameName: 'Lotus Garden',
  stake: '0.20',
  granted: 10,
  remaining: 4,
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  state: 'active',
  ...extra,
});

const record = (extra: Partial<MemberPromotion>): MemberPromotion =>
  memberPromotion({
    title: 'Ten free spins',
    expiresAt: '2026-12-03T08:00:00.000Z',
    freeRounds: grant(),
    ...extra,
  });

describe('free rounds in the reward centre', () => {
  it('shows the rounds left, the game and a button that launches it', async () => {
    const api = stubApi({
      '/wps/promotions/rewards/mine': {
        items: [
          record({}),
          record({ id: '2', title: 'Used spins', freeRounds: grant({ remaining: 0, state: 'used' }) }),
        ],
      },
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<RewardCenterPage />);
    const items = await screen.findAllByTestId('reward-item');
    const first = within(items[0]!).getByTestId('free-round-grant');
    expect(first.textContent).toContain('Free spins: 4 of 10 left on Lotus Garden at 0.20 each');
    const play = within(first).getByRole('link', { name: 'Play free spins' });
    const href = new URL(play.getAttribute('href') ?? '', 'https://site.test');
    expect(href.pathname).toBe('/game');
    expect(href.searchParams.get('vendor')).toBe('HOUSE');
    expect(href.searchParams.get('game')).toBe('lotus-garden');
    expect(href.searchParams.get('free')).toBeNull();
    const used = within(items[1]!).getByTestId('free-round-grant');
    expect(used.textContent).toContain('All free spins played.');
    expect(within(used).queryByRole('link')).toBeNull();
  });

  it('shows the grant with the bonus its rounds won under wagering in the bonus details', async () => {
    const api = stubApi({
      '/wps/promotions/rewards/mine': {
        items: [
          record({
            state: 'process',
            bonusAmount: '5.00',
            lockedAmount: '5.00',
            wageringRequired: '50.00',
            freeRounds: grant({ remaining: 9 }),
          }),
        ],
      },
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<BonusDetailsPage />);
    const item = await screen.findByTestId('bonus-item');
    expect(within(item).getByTestId('free-round-grant').textContent).toContain('9 of 10 left');
    expect(item.textContent).toContain('0.00 / 50.00');
    expect(within(item).getByRole('link', { name: 'Play free spins' })).toBeTruthy();
  });
});
