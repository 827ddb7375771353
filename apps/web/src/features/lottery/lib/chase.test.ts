import type { GamePlays } from '@lotus/contracts/lottery';
import { describe, expect, it } from 'vitest';
import { type ChaseInput, chaseField, planChase, planMultiples } from './chase.ts';
import type { Slip } from './slip.ts';

/** One straight digit (play 101) at 2.00 x 1: a win pays 9.8x, 19.60 (the API's chase.test.ts). */
const slip: Slip = {
  key: 'a',
  playId: 101,
  balls: '1||||',
  combinations: 1n,
  mode: '1',
  unit: 200n,
  multiple: 1n,
  amount: 200n,
};
const plays: GamePlays = {
  gameId: '1',
  family: 'digits',
  prizeMode: 'LOTT',
  prizeModes: ['LOTT'],
  currency: 'MYR',
  units: [{ mode: '1', amount: '2.00' }],
  maxOrder: '50000.00',
  plays: [
    {
      playId: 101,
      playCode: 'pos-straight',
      odds: [{ tier: 'hit', odds: '98000' }],
      minSlip: '0.02',
      maxSlip: '10000.00',
    },
  ],
};
const input = (over: Partial<ChaseInput>): ChaseInput => ({
  kind: 'same',
  numeros: 3,
  startMultiple: 1,
  doubleEvery: 1,
  targetProfitPercent: 50,
  ...over,
});
const limits = { maxOrder: 5_000_000n, maxSlip: () => 1_000_000n };

describe('chase plans (as the API computes them)', () => {
  it('same, doubling and target-profit multiples', () => {
    expect(planMultiples([slip], plays, input({ kind: 'same', startMultiple: 2 }))).toEqual([2n, 2n, 2n]);
    expect(planMultiples([slip], plays, input({ kind: 'double', numeros: 5, doubleEvery: 2 }))).toEqual([
      1n,
      1n,
      2n,
      2n,
      4n,
    ]);
    expect(
      planMultiples([slip], plays, input({ kind: 'profit', numeros: 4, targetProfitPercent: 50 })),
    ).toEqual([1n, 1n, 1n, 1n]);
    expect(
      planMultiples([slip], plays, input({ kind: 'profit', numeros: 4, targetProfitPercent: 400 })),
    ).toEqual([1n, 2n, 4n, 8n]);
  });

  it('totals the steps in minor units and refuses what the API would refuse', () => {
    const plan = planChase([slip], plays, input({ kind: 'double', numeros: 4, doubleEvery: 1 }), limits);
    expect(plan).toEqual({
      ok: true,
      steps: [
        { step: 1, multiple: 1n, amount: 200n },
        { step: 2, multiple: 2n, amount: 400n },
        { step: 3, multiple: 4n, amount: 800n },
        { step: 4, multiple: 8n, amount: 1_600n },
      ],
      total: 3_000n,
    });
    expect(planChase([slip], plays, input({ kind: 'profit', targetProfitPercent: 900 }), limits)).toEqual({
      ok: false,
      reason: 'unreachable',
    });
    expect(planChase([slip], plays, input({ kind: 'double', numeros: 20 }), limits)).toEqual({
      ok: false,
      reason: 'multiple',
    });
    expect(planChase([slip], plays, input({ numeros: 1 }), limits)).toEqual({ ok: false, reason: 'numeros' });
    expect(planChase([slip], plays, input({ numeros: 121 }), limits)).toEqual({
      ok: false,
      reason: 'numeros',
    });
    expect(
      planChase([slip], plays, input({ kind: 'double', numeros: 4 }), { ...limits, maxOrder: 1_000n }),
    ).toEqual({ ok: false, reason: 'order-limit' });
    expect(planChase([slip], plays, input({ startMultiple: 3 }), { ...limits, maxSlip: () => 500n })).toEqual(
      { ok: false, reason: 'slip-limit' },
    );
  });

  it('sends only the fields of its kind', () => {
    expect(chaseField(input({ kind: 'same', numeros: 5, startMultiple: 2 }))).toEqual({
      kind: 'same',
      numeros: 5,
      startMultiple: 2,
    });
    expect(chaseField(input({ kind: 'double', doubleEvery: 3 }))).toMatchObject({ doubleEvery: 3 });
    expect(chaseField(input({ kind: 'profit', targetProfitPercent: 40 }))).toMatchObject({
      targetProfitPercent: 40,
    });
  });
});
