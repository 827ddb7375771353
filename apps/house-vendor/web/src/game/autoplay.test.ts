import { describe, expect, it } from 'vitest';
import { autoplayStop } from './autoplay.ts';

const settled = (payout: bigint, balance: bigint) => ({ status: 'settled', payout, balance });

describe('autoplay stop conditions', () => {
  it('stops after the count', () => {
    const settings = { count: 3, stopOnWinAtLeast: null, stopIfBalanceBelow: null };
    expect(autoplayStop(settings, 2, settled(0n, 1000n))).toBeNull();
    expect(autoplayStop(settings, 3, settled(0n, 1000n))).toBe('count');
  });

  it('stops on a single win at or above the limit, compared in minor units', () => {
    const settings = { count: 100, stopOnWinAtLeast: 5000n, stopIfBalanceBelow: null };
    expect(autoplayStop(settings, 1, settled(4999n, 10_000n))).toBeNull();
    expect(autoplayStop(settings, 1, settled(5000n, 10_000n))).toBe('win');
    expect(autoplayStop(settings, 1, settled(2n ** 70n, 10_000n))).toBe('win');
  });

  it('stops when the balance falls below the limit', () => {
    const settings = { count: 100, stopOnWinAtLeast: null, stopIfBalanceBelow: 1000n };
    expect(autoplayStop(settings, 1, settled(0n, 1000n))).toBeNull();
    expect(autoplayStop(settings, 1, settled(0n, 999n))).toBe('balance');
  });

  it('stops on any round that is not settled', () => {
    const settings = { count: 100, stopOnWinAtLeast: null, stopIfBalanceBelow: null };
    for (const status of ['refused', 'pending', 'cancelled', 'failed'])
      expect(autoplayStop(settings, 1, { status, payout: null, balance: null })).toBe('round');
  });
});
