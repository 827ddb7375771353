import type { PlayerRankProgress, RebateSummary, VipLevel } from '@lotus/contracts/vip';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { ManualRebatePage } from './ManualRebatePage.tsx';
import { PlayerRankPage } from './PlayerRankPage.tsx';
import { percentOf, RankProgress } from './RankProgress.tsx';
import { bestRate } from './VipLadder.tsx';

beforeAll(async () => {
  await loadErrorCatalogue();
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const level = (n: number, name: string): VipLevel => ({
  level: n,
  name,
  badge: '',
  minDeposit: `${n * 500}.00`,
  minTurnover: `${n * 5000}.00`,
  keepDeposit: '0.00',
  keepTurnover: '0.00',
  upgradeBonus: `${n * 18}.00`,
  monthlyBonus: '0.00',
  withdrawDailyMax: n === 0 ? '0.00' : '800.00',
  withdrawDailyCount: 3,
  rebateRates: { RNG: 30 + n * 10, LIVE: 18 },
  vipService: n >= 5,
});

const progress: PlayerRankProgress = {
  playerRankName: 'Member',
  nextRankName: 'Bronze',
  rankLevel: 0,
  badge: '',
  monthlyTurnover: { actual: '1200.00', expected: '5000.00' },
  deposits: { actual: '100.00', expected: '500.00' },
  periodDays: 30,
  vipService: false,
};

const summary: RebateSummary = {
  enabled: true,
  mode: 'manual',
  rankLevel: 0,
  items: [
    { gameCategory: 'RNG', turnover: '1000.00', rate: 30, amount: '3.00' },
    { gameCategory: 'LIVE', turnover: '500.00', rate: 18, amount: '0.90' },
  ],
  total: '3.90',
  minimumPayout: '1.00',
  claimable: true,
};

describe('VIP pages', () => {
  it('computes progress and the best rate', () => {
    expect(percentOf('1200.00', '5000.00')).toBe(24);
    expect(percentOf('9000.00', '5000.00')).toBe(100);
    expect(percentOf('1.00', '0.00')).toBe(100);
    expect(bestRate({ RNG: 40, LIVE: 24 })).toBe('0.40%');
  });

  it('shows the rank, the progress to the next and the ladder with the own level marked', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const api = stubApi({
      '/wps/relay/MCSFE_getPlayerRankProgress': progress,
      '/wps/relay/MCSFE_getVipLevels': { periodDays: 30, levels: [level(0, 'Member'), level(1, 'Bronze')] },
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<PlayerRankPage />);
    expect((await screen.findByTestId('vip-progress')).textContent).toContain(
      'Your rank: Member (VIP0) · next: Bronze',
    );
    expect(screen.getByText('1,200.00 / 5,000.00')).toBeTruthy();
    const own = await screen.findByTestId('vip-level-0');
    expect(own.getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('vip-level-1').textContent).toContain('800.00');
  });

  it('shows the cashback per category before claiming, then pays it once', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const api = stubApi({
      '/wps/relay/MCSFE_getManualRebate': summary,
      '/wps/relay/MCSFE_claimManualRebate': { payoutId: '1', amount: '3.90', items: summary.items },
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<ManualRebatePage />);
    expect((await screen.findByTestId('rebate-total')).textContent).toBe('3.90');
    expect(screen.getByText('0.30%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Claim 3.90' }));
    expect((await screen.findByTestId('rebate-paid')).textContent).toBe(
      '3.90 cashback was added to your wallet.',
    );
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.url.includes('MCSFE_claimManualRebate') && c.init?.method === 'POST'),
      ).toHaveLength(1),
    );
  });

  it('keeps the claim off below the minimum and renders progress of the top rank', () => {
    renderApp(<RankProgress progress={{ ...progress, nextRankName: '', vipService: true }} />);
    expect(screen.getByTestId('vip-progress').textContent).toContain('the top rank');
    expect(screen.getByText('You have a personal VIP host in customer service.')).toBeTruthy();
  });
});
