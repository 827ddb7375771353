import type { AdminVipLevel, RebateRecordPage, VipHistoryPage, VipSettings } from '@lotus/contracts/vip';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import VipLevelsPage, { nextLevel } from './VipLevelsPage.tsx';
import VipRecordsPage from './VipRecordsPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const level = (n: number, overrides: Partial<AdminVipLevel> = {}): AdminVipLevel => ({
  level: n,
  nameEn: `L${n}`,
  nameMs: '',
  nameCn: '',
  badge: '',
  minDeposit: `${n * 100}.00`,
  minTurnover: `${n * 1000}.00`,
  keepDeposit: '0.00',
  keepTurnover: '0.00',
  upgradeBonus: '0.00',
  monthlyBonus: '0.00',
  withdrawDailyMax: '0.00',
  withdrawDailyCount: 0,
  rebateRates: { RNG: 30 },
  ...overrides,
});
const settings: VipSettings = { periodDays: 30, rebateMode: 'manual', rebateMinPayout: '1.00' };
const answer = (url: string) => (url.includes('/settings') ? settings : { levels: [level(0), level(1)] });

describe('VIP back office', () => {
  it('adds a level after the last one with its thresholds and rates', () => {
    expect(nextLevel([level(0), level(1, { rebateRates: { RNG: 40 } })])).toMatchObject({
      level: 2,
      nameEn: 'VIP2',
      minDeposit: '100.00',
      minTurnover: '1000.00',
      rebateRates: { RNG: 40 },
    });
  });

  it('lets an admin change a rate and the rebate mode, sending the whole ladder', async () => {
    const calls = renderAsOperator('admin', <VipLevelsPage />, answer);
    await screen.findByTestId('bo-vip-level-1');
    fireEvent.change(screen.getByLabelText('LIVE rate 1'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save levels' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      url: '/bo/v1/vip/levels',
      method: 'PUT',
      body: { levels: [level(0), level(1, { rebateRates: { RNG: 30, LIVE: 25 } })] },
    });
    fireEvent.change(screen.getByLabelText('Rebate mode'), { target: { value: 'daily' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toContainEqual({
        ...settings,
        rebateMode: 'daily',
      }),
    );
  });

  it('shows a read-only operator the ladder without editing', async () => {
    renderAsOperator('readonly', <VipLevelsPage />, answer);
    await screen.findByTestId('bo-vip-level-0');
    expect((screen.getByLabelText('RNG rate 0') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save levels' })).toBeNull();
  });

  it('lists level changes with their reason and figures, and rebate payouts', async () => {
    const history: VipHistoryPage = {
      total: 1,
      items: [
        {
          id: '7',
          memberId: '42',
          username: 'alice',
          fromLevel: 2,
          toLevel: 1,
          reason: 'downgrade',
          deposits: '300.00',
          turnover: '3000.00',
          periodDays: 30,
          createdAt: Date.UTC(2026, 0, 2),
        },
      ],
    };
    const rebates: RebateRecordPage = {
      total: 1,
      items: [
        {
          id: '9',
          memberId: '42',
          username: 'alice',
          mode: 'manual',
          amount: '4.02',
          rankLevel: 0,
          items: [{ gameCategory: 'RNG', turnover: '1000.00', rate: 30, amount: '3.00' }],
          createdAt: Date.UTC(2026, 0, 2),
        },
      ],
    };
    const calls = renderAsOperator('cs', <VipRecordsPage />, (url) =>
      url.includes('rebates') ? rebates : history,
    );
    const row = await screen.findByTestId('bo-vip-history-7');
    expect(row.textContent).toContain('Downgrade');
    expect(row.textContent).toContain('2 → 1');
    fireEvent.click(screen.getByRole('tab', { name: 'Rebate payouts' }));
    const payout = await screen.findByTestId('bo-vip-rebate-9');
    expect(payout.textContent).toContain('RNG 1,000.00 × 0.3% = 3.00');
    expect(calls.some((c) => c.url.startsWith('/bo/v1/vip/rebates'))).toBe(true);
  });
});
