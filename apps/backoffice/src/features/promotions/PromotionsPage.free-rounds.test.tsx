import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import PromotionsPage from './PromotionsPage.tsx';

/** Free-round rewards in the builder and the member's bonuses (docs/free-rounds.md). */
const slot = (id: string, code: string, vassalage: string, gameType = 'SLOT') => ({
  id,
  vendorId: '1',
  vassalage,
  code,
  nameEn: `${code} EN`,
  nameMs: '',
  nameCn: '',
  gameCategory: 'RNG',
  gameType,
  accountTypeName: '',
  icon: '',
  isHot: false,
  supportPlay: false,
  minBet: '0.20',
  lines: 20,
  status: 'active',
  enabled: true,
  sortOrder: 0,
});

const record = {
  id: '31',
  promotionId: '9',
  title: 'Ten free spins',
  state: 'process',
  closeReason: '',
  rejectReason: '',
  depositAmount: '0.00',
  bonusAmount: '5.00',
  wageringRequired: '50.00',
  wageringDone: '0.00',
  lockedAmount: '5.00',
  forfeitedAmount: '0.00',
  flaggedBets: 0,
  maxBet: '0.00',
  claimedAt: '2026-01-02T00:00:00.000Z',
  expiresAt: '2026-01-09T00:00:00.000Z',
  createdAt: '2026-01-02T00:00:00.000Z',
  raffle: false,
  prize: null,
  freeRounds: {
    grantId: '77',
    vendorCode: 'HOUSE',
    gameCode: 'lotus-garden',
    gameName: 'Lotus Garden',
    stake: '0.20',
    granted: 10,
    remaining: 4,
    expiresAt: '2026-01-09T00:00:00.000Z',
    state: 'active',
  },
  memberId: '7',
  username: 'aisyah88',
  contactKind: '',
  contactId: '',
};

function stub(role: string) {
  return renderAsOperator(role, <PromotionsPage />, (url) => {
    if (url.startsWith('/bo/v1/games'))
      return {
        items: [
          slot('5', 'lotus-garden', 'HOUSE'),
          slot('6', 'live-baccarat', 'HOUSE', 'BAC'),
          slot('8', 'other-slot', 'OTHER'),
        ],
        total: 3,
        page: 1,
        pageSize: 100,
      };
    if (url.startsWith('/bo/v1/promotions/records')) return { items: [record] };
    if (url.startsWith('/bo/v1/vip/levels')) return { levels: [] };
    return { items: [] };
  });
}

describe('<PromotionsPage> free rounds', () => {
  it('builds a free-round reward on a house slot with its stake and count', async () => {
    const calls = stub('marketing');
    fireEvent.click(await screen.findByRole('button', { name: 'New promotion' }));
    fireEvent.change(screen.getByLabelText('Title (EN)'), { target: { value: 'Ten free spins' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'free_rounds' } });
    const game = screen.getByLabelText('House slot') as HTMLSelectElement;
    // Only the house vendor's slots are offered.
    await waitFor(() => expect(game.options.length).toBe(2));
    expect([...game.options].map((o) => o.value)).toEqual(['', '5']);
    fireEvent.change(game, { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Stake per round'), { target: { value: '0.20' } });
    fireEvent.change(screen.getByLabelText('Number of rounds'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      rewardKind: 'free_rounds',
      freeRoundsGame: '5',
      freeRoundsStake: '0.20',
      freeRoundsCount: 10,
    });
  });

  it("shows a member's grant with the rounds left in the bonuses tab", async () => {
    stub('finance');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Approval queue' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Approval queue' }));
    expect((await screen.findByTestId('free-round-grant')).textContent).toBe(
      'Free rounds: 4 of 10 left, Lotus Garden at 0.20 (active)',
    );
  });
});
