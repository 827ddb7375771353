import { describe, expect, it } from 'vitest';
import { spotsOf } from './grid.ts';
import {
  cardLabel,
  checkBet,
  chipValues,
  formatMinor,
  isLiveTableId,
  type Limits,
  localDeadline,
  type OwnBet,
  pocketColour,
  secondsLeft,
  spotKey,
  stakesBySpot,
  totalStake,
} from './logic.ts';

const PHP: Limits = {
  perBet: { '*': { min: '100', max: '5000000' }, tie: { min: '100', max: '500000' } },
  perRound: '10000000',
};

const bet = (kind: string, stake: string, status: OwnBet['status'], numbers: number[] = []): OwnBet => ({
  id: `${kind}${stake}`,
  kind,
  numbers,
  stake,
  status,
  payout: null,
});

describe('live table logic', () => {
  it('routes live table ids only', () => {
    expect(isLiveTableId('live-baccarat')).toBe(true);
    expect(isLiveTableId('live-sicbo')).toBe(true);
    expect(isLiveTableId('fortune-tiger')).toBe(false);
    expect(isLiveTableId('live-')).toBe(false);
  });

  it('makes chips from the main limit in the currency, capped by its maximum', () => {
    expect(chipValues(PHP)).toEqual([100n, 500n, 1_000n, 2_500n, 10_000n, 50_000n]);
    expect(chipValues({ perBet: { '*': { min: '10', max: '300' } }, perRound: '1000' })).toEqual([
      10n,
      50n,
      100n,
      250n,
    ]);
    expect(chipValues(undefined)).toEqual([]);
  });

  it('keys spots like the server totals', () => {
    expect(spotKey({ kind: 'banker' })).toBe('banker');
    expect(spotKey({ kind: 'straight', numbers: [17] })).toBe('straight:17');
    expect(spotKey({ kind: 'combination', numbers: [1, 2] })).toBe('combination:1-2');
    expect(new Set(spotsOf('ROU').map(spotKey)).size).toBe(spotsOf('ROU').length);
    expect(spotsOf('ROU').filter((s) => s.kind === 'straight')).toHaveLength(37);
    expect(
      spotsOf('SIC')
        .filter((s) => s.kind === 'total')
        .map((s) => s.numbers![0]),
    ).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
  });

  it('adds up the standing and pending bets per spot', () => {
    const mine = stakesBySpot([
      bet('banker', '1000', 'placed'),
      bet('banker', '500', 'pending'),
      bet('player', '700', 'undone'),
      bet('tie', '100', 'refused'),
      bet('straight', '100', 'placed', [7]),
    ]);
    expect(mine.get('banker')).toBe(1_500n);
    expect(mine.has('player')).toBe(false);
    expect(mine.get('straight:7')).toBe(100n);
    expect(totalStake(mine)).toBe(1_600n);
  });

  it('checks a chip against the bet and round limits', () => {
    expect(checkBet(PHP, { kind: 'banker' }, 10_000n, new Map())).toBe('ok');
    expect(checkBet(PHP, { kind: 'tie' }, 1_000_000n, new Map())).toBe('bet_limit');
    expect(checkBet(PHP, { kind: 'banker' }, 50n, new Map())).toBe('bet_limit');
    expect(checkBet(PHP, { kind: 'banker' }, 100_000n, new Map([['player', 9_950_000n]]))).toBe('bet_limit');
  });

  it('counts down from the server clock, not the client clock', () => {
    // The client clock is an hour ahead: only the difference closesAt - serverTime counts.
    const receivedAt = Date.parse('2026-01-01T11:00:00.000Z');
    const deadline = localDeadline(
      { closesAt: '2026-01-01T10:00:15.000Z', serverTime: '2026-01-01T10:00:03.500Z' },
      receivedAt,
    );
    expect(deadline - receivedAt).toBe(11_500);
    expect(secondsLeft(deadline, receivedAt)).toBe(12);
    expect(secondsLeft(deadline, receivedAt + 11_000)).toBe(1);
    expect(secondsLeft(deadline, receivedAt + 20_000)).toBe(0);
    expect(localDeadline({ closesAt: 'x', serverTime: 'y' }, 5)).toBe(5);
  });

  it('formats money with the formatter of the slots (one module for both pages)', async () => {
    const { formatMinor: slots } = await import('../lib/money.ts');
    expect(formatMinor).toBe(slots);
    expect(formatMinor(123456789n, 2)).toBe('1,234,567.89');
    expect(formatMinor('-5', 2)).toBe('-0.05');
    expect(formatMinor(1000n, 0)).toBe('1,000');
  });

  it('names cards and pockets', () => {
    expect(cardLabel(0)).toEqual({ rank: 'A', suit: '♠', red: false });
    expect(cardLabel(13 + 9)).toEqual({ rank: '10', suit: '♥', red: true });
    expect(pocketColour(0)).toBe('green');
    expect(pocketColour(1)).toBe('red');
    expect(pocketColour(2)).toBe('black');
  });
});
