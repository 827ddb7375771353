import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import PromotionsPage from './PromotionsPage.tsx';
import { promotionBase } from './promotion-fixture.ts';

const promotion = {
  ...promotionBase,
  id: '4',
  titleEn: 'Welcome 100%',
  rules: { depositNth: 1 },
  rewardKind: 'percent',
  rewardPercent: '100',
  rewardCap: '500.00',
  wageringMultiplier: 10,
  contributions: { RNG: 100, LIVE: 10 },
  maxBet: '20.00',
  needsApproval: true,
};

const record = {
  id: '12',
  promotionId: '4',
  title: 'Welcome 100%',
  state: 'applying',
  closeReason: '',
  rejectReason: '',
  depositAmount: '100.00',
  bonusAmount: '100.00',
  wageringRequired: '1000.00',
  wageringDone: '0.00',
  lockedAmount: '0.00',
  forfeitedAmount: '0.00',
  flaggedBets: 0,
  maxBet: '20.00',
  claimedAt: null,
  expiresAt: null,
  createdAt: '2026-01-02T00:00:00.000Z',
  memberId: '7',
  username: 'aisyah88',
  contactKind: '',
  contactId: '',
  remark: 'Deposited <b>by</b> bank transfer',
};

const ladder = ['Member', 'Bronze', 'Silver', 'Gold'].map((nameEn, level) => ({ level, nameEn }));

function stub(role: string, listed: object = promotion) {
  return renderAsOperator(role, <PromotionsPage />, (url, method) => {
    if (url.startsWith('/bo/v1/promotions/preview')) {
      return { bonusAmount: '100.00', wageringRequired: '1000.00', lockedAmount: '100.00' };
    }
    if (url.startsWith('/bo/v1/promotions/records') && method === 'POST')
      return { ...record, state: 'issued' };
    if (url.startsWith('/bo/v1/promotions/records')) return { items: [record] };
    if (url.startsWith('/bo/v1/vip/levels')) return { levels: ladder };
    return { items: [listed] };
  });
}

describe('<PromotionsPage>', () => {
  it('lists promotions and previews an edit for marketing', async () => {
    const calls = stub('marketing');
    expect(await screen.findByText('Welcome 100%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByTestId('promotion-preview')).textContent).toBe(
      'Bonus 100.00, turnover required 1000.00, locked 100.00.',
    );
    const preview = calls.find((c) => c.url === '/bo/v1/promotions/preview');
    expect(preview?.body).toMatchObject({
      depositAmount: '100',
      promotion: { rewardKind: 'percent', rules: { depositNth: 1 } },
    });
  });

  it('composes the VIP-level rule from the brand ladder: at least a level, or ticked levels', async () => {
    const calls = stub('marketing');
    expect(await screen.findByText('Welcome 100%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const min = (await screen.findByLabelText('VIP level at least')) as HTMLSelectElement;
    fireEvent.change(min, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'VIP3 · Gold' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'VIP1 · Bronze' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      rules: { depositNth: 1, vipLevelMin: 2, vipLevels: [1, 3] },
    });
  });

  it('offers the semi-monthly period and fills the next 7 or 30 days with one click', async () => {
    const calls = stub('marketing');
    fireEvent.click(await screen.findByRole('button', { name: 'New promotion' }));
    fireEvent.change(screen.getByLabelText('Title (EN)'), { target: { value: 'Half-month reload' } });
    const starts = screen.getByLabelText('Starts') as HTMLInputElement;
    const ends = screen.getByLabelText('Ends') as HTMLInputElement;
    const span = () => (new Date(ends.value).getTime() - new Date(starts.value).getTime()) / 86_400_000;
    fireEvent.click(screen.getByRole('button', { name: 'Next 7 days' }));
    expect(span()).toBe(7);
    fireEvent.click(screen.getByRole('button', { name: 'Next 30 days' }));
    expect(span()).toBe(30);
    fireEvent.change(screen.getByLabelText('How often per member'), { target: { value: 'semimonthly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ frequency: 'semimonthly' });
  });

  it('builds a raffle with its prizes', async () => {
    const calls = stub('marketing');
    fireEvent.click(await screen.findByRole('button', { name: 'New promotion' }));
    fireEvent.change(screen.getByLabelText('Title (EN)'), { target: { value: 'Lucky draw' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'raffle' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a prize' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a prize' }));
    expect(screen.getAllByTestId('raffle-prize-row')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Prize 1'), { target: { value: 'Gold coin' } });
    fireEvent.change(screen.getAllByLabelText('Amount')[0]!, { target: { value: '50.00' } });
    fireEvent.change(screen.getByLabelText('Prize 2'), { target: { value: 'Silver coin' } });
    fireEvent.change(screen.getAllByLabelText('Amount')[1]!, { target: { value: '5.00' } });
    fireEvent.change(screen.getAllByLabelText('Weight')[1]!, { target: { value: '9' } });
    fireEvent.change(screen.getAllByLabelText('Stock')[1]!, { target: { value: '100' } });
    // A third prize of points: the row asks for points instead of an amount.
    fireEvent.click(screen.getByRole('button', { name: 'Add a prize' }));
    fireEvent.change(screen.getByLabelText('Prize 3'), { target: { value: 'Points bag' } });
    fireEvent.change(screen.getAllByLabelText('Prize gives')[2]!, { target: { value: 'points' } });
    expect(within(screen.getAllByTestId('raffle-prize-row')[2]!).queryByLabelText('Amount')).toBeNull();
    fireEvent.change(screen.getByLabelText('Points to credit'), { target: { value: '500' } });
    // Removing the first row keeps the others' values with their rows.
    fireEvent.click(
      within(screen.getAllByTestId('raffle-prize-row')[0]!).getByRole('button', { name: 'Remove' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    const body = calls.find((c) => c.method === 'POST')?.body as { rafflePrizes: unknown[] };
    expect(body).toMatchObject({ rewardKind: 'raffle' });
    expect(body.rafflePrizes).toEqual([
      { nameEn: 'Silver coin', kind: 'money', amount: '5.00', weight: 9, stock: 100 },
      { nameEn: 'Points bag', kind: 'points', points: '500', weight: 1, stock: 1 },
    ]);
  });

  it('shows a points prize in its row when editing a raffle', async () => {
    stub('marketing', {
      ...promotion,
      rewardKind: 'raffle',
      rafflePrizes: [
        {
          nameEn: 'Cash',
          nameMs: '',
          nameCn: '',
          kind: 'money',
          amount: '5.00',
          points: '0',
          weight: 1,
          stock: 3,
          remaining: 3,
        },
        {
          nameEn: 'Bag',
          nameMs: '',
          nameCn: '',
          kind: 'points',
          amount: '0.00',
          points: '750',
          weight: 2,
          stock: 4,
          remaining: 4,
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const rows = screen.getAllByTestId('raffle-prize-row');
    expect((within(rows[0]!).getByLabelText('Amount') as HTMLInputElement).value).toBe('5.00');
    expect((within(rows[1]!).getByLabelText('Prize gives') as HTMLSelectElement).value).toBe('points');
    expect((within(rows[1]!).getByLabelText('Points to credit') as HTMLInputElement).value).toBe('750');
  });

  it('approves an application from the queue', async () => {
    const calls = stub('finance');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Approval queue' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Approval queue' }));
    const table = await screen.findByText('aisyah88');
    const row = table.closest('tr') as HTMLElement;
    // The member's activity remark, as text (never markup), beside the application.
    expect(within(row).getByTestId('record-remark').textContent).toBe(
      "Member's remark: Deposited <b>by</b> bank transfer",
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/bo/v1/promotions/records/12/approve',
        method: 'POST',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Record 12 is now Issued.');
  });

  it('shows readonly operators no builder', async () => {
    stub('readonly');
    expect(await screen.findByText('Welcome 100%')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New promotion' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
