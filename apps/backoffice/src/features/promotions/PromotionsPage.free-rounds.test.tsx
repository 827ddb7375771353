import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import PromotionsPage from './PromotionsPage.tsx';
import { promotionBase } from './promotion-fixture.ts';

/** Free-round rewards in the builder and the member's bonuses (docs/free-rounds.md). */
const slot = (
  id: string,
  code: string,
  vassalage: string,
  gameType = 'SLOT',
  stakes = ['0.20', '0.40', '1.00'],
) => ({
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
  minBet: stakes[0] ?? '0.10',
  stakes,
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

const base = promotionBase;

const listed = [
  { ...base, id: '1', titleEn: 'Fixed', rewardKind: 'fixed', rewardAmount: '10.00' },
  { ...base, id: '2', titleEn: 'Percent', rewardKind: 'percent', rewardPercent: '50', rewardCap: '200.00' },
  { ...base, id: '3', titleEn: 'Uncapped', rewardKind: 'percent', rewardPercent: '25' },
  {
    ...base,
    id: '4',
    titleEn: 'Raffle',
    rewardKind: 'raffle',
    rafflePrizes: [{ nameEn: 'A' }, { nameEn: 'B' }, { nameEn: 'C' }],
  },
  {
    ...base,
    id: '5',
    titleEn: 'Spins',
    rewardKind: 'free_rounds',
    freeRoundsGame: '5',
    freeRoundsStake: '0.40',
    freeRoundsCount: 10,
  },
  { ...base, id: '6', titleEn: 'Future', rewardKind: 'mystery_box' },
];

function stub(role: string, promotions: object[] = []) {
  return renderAsOperator(role, <PromotionsPage />, (url) => {
    if (url.startsWith('/bo/v1/games'))
      return {
        items: [
          slot('5', 'lotus-garden', 'HOUSE'),
          slot('6', 'live-baccarat', 'HOUSE', 'BAC'),
          slot('7', 'open-slot', 'HOUSE', 'SLOT', []),
          slot('8', 'other-slot', 'OTHER'),
        ],
        total: 4,
        page: 1,
        pageSize: 100,
      };
    if (url.startsWith('/bo/v1/promotions/records')) return { items: [record] };
    if (url.startsWith('/bo/v1/vip/levels')) return { levels: [] };
    if (url.startsWith('/bo/v1/promotions')) return { items: promotions };
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
    await waitFor(() => expect(game.options.length).toBe(3));
    expect([...game.options].map((o) => o.value)).toEqual(['', '5', '7']);
    // No game chosen: no stake to pick.
    expect((screen.getByLabelText('Stake per round') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(game, { target: { value: '5' } });
    // The stake is one of the chosen game's stakes, never a free amount.
    const stake = screen.getByLabelText('Stake per round') as HTMLSelectElement;
    expect(stake.tagName).toBe('SELECT');
    expect([...stake.options].map((o) => o.value)).toEqual(['', '0.20', '0.40', '1.00']);
    fireEvent.change(stake, { target: { value: '0.40' } });
    fireEvent.change(screen.getByLabelText('Number of rounds'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      rewardKind: 'free_rounds',
      freeRoundsGame: '5',
      freeRoundsStake: '0.40',
      freeRoundsCount: 10,
    });
  });

  it('keeps a free amount only for a slot without stake levels', async () => {
    const calls = stub('marketing');
    fireEvent.click(await screen.findByRole('button', { name: 'New promotion' }));
    fireEvent.change(screen.getByLabelText('Title (EN)'), { target: { value: 'Open' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'free_rounds' } });
    const game = screen.getByLabelText('House slot') as HTMLSelectElement;
    await waitFor(() => expect(game.options.length).toBe(3));
    fireEvent.change(game, { target: { value: '7' } });
    const stake = screen.getByLabelText('Stake per round') as HTMLInputElement;
    expect(stake.tagName).toBe('INPUT');
    fireEvent.change(stake, { target: { value: '0.25' } });
    fireEvent.change(screen.getByLabelText('Number of rounds'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      freeRoundsGame: '7',
      freeRoundsStake: '0.25',
    });
  });

  it('opens an existing free-round promotion with its game and stake chosen', async () => {
    stub('marketing', [listed[4] as object]);
    await screen.findByText('Spins');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const stake = screen.getByLabelText('Stake per round') as HTMLSelectElement;
    await waitFor(() => expect(stake.value).toBe('0.40'));
    expect((screen.getByLabelText('House slot') as HTMLSelectElement).value).toBe('5');
  });

  it('sums up what each promotion gives in the prize column', async () => {
    stub('marketing', listed);
    await screen.findByText('Spins');
    expect(screen.getByRole('columnheader', { name: 'Prize' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('prize-summary').map((c) => c.textContent)).toEqual([
        '10.00 bonus',
        '50% of the deposit, up to 200.00',
        '25% of the deposit, no cap',
        'Raffle, prizes: 3',
        '10 free rounds × 0.40 on lotus-garden EN',
        'mystery_box',
      ]),
    );
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
