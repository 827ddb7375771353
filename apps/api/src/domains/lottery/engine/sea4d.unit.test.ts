import { describe, expect, it } from 'vitest';
import { isRefusal } from './balls.ts';
import { payoutOf } from './payout.ts';
import { playTypeById } from './registry.ts';
import { permutations, SEA4D_PRIZES } from './sea4d.ts';
import type { Draw } from './types.ts';

const numbers = [
  '1234',
  '5678',
  '9012',
  ...['4321', '0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008', '0009'],
  ...['2143', '0010', '0011', '0012', '0013', '0014', '0015', '0016', '0017', '0018'],
];
const DRAW: Draw = {
  kind: 'sea4d',
  prizes: numbers.map((number, i) => ({ tier: SEA4D_PRIZES[i] as string, number })),
};

function pays(id: number, balls: string, draw: Draw = DRAW): bigint {
  const playType = playTypeById(id);
  if (!playType) throw new Error(`no play ${id}`);
  const selection = playType.parse(balls);
  if (isRefusal(selection)) throw new Error(selection.reason);
  return payoutOf(playType, selection, draw, 'SEA', 200n);
}

describe('SEA 4D', () => {
  it('has 23 prizes: 1st, 2nd, 3rd, 10 starters, 10 consolations', () => {
    expect(SEA4D_PRIZES).toHaveLength(23);
    expect(SEA4D_PRIZES.filter((tier) => tier === 'starter')).toHaveLength(10);
    expect(SEA4D_PRIZES.filter((tier) => tier === 'consolation')).toHaveLength(10);
  });

  it('Big pays on every tier, Small only on 1st/2nd/3rd (per 2.00 stake)', () => {
    expect(pays(501, '1234')).toBe(500_000n); // 1st: Big 2500
    expect(pays(502, '1234')).toBe(700_000n); // 1st: Small 3500
    expect(pays(501, '5678')).toBe(200_000n);
    expect(pays(502, '5678')).toBe(400_000n);
    expect(pays(501, '9012')).toBe(100_000n);
    expect(pays(502, '9012')).toBe(200_000n);
    expect(pays(501, '4321')).toBe(36_000n); // starter: Big 180
    expect(pays(502, '4321')).toBe(0n);
    expect(pays(501, '2143')).toBe(12_000n); // consolation: Big 60
    expect(pays(502, '2143')).toBe(0n);
    expect(pays(501, '9999')).toBe(0n);
  });

  it('counts permutations: 24 distinct, 12 one pair, 6 two pairs, 4 three of a kind, 1 four', () => {
    expect(permutations('1234')).toHaveLength(24);
    expect(permutations('1123')).toHaveLength(12);
    expect(permutations('1212')).toHaveLength(6);
    expect(permutations('1112')).toHaveLength(4);
    expect(permutations('7777')).toEqual(['7777']);
    const box = playTypeById(503);
    const selection = box?.parse('1123');
    if (!box || !selection || isRefusal(selection)) throw new Error('parse');
    expect(box.combinations(selection)).toBe(12n);
  });

  it('box buys every permutation and pays each hit in full', () => {
    // 1234 (1st), 4321 (starter), 2143 (consolation) are permutations of 1234
    expect(pays(503, '4231')).toBe(200n * (2500n + 180n + 60n));
    expect(pays(504, '4231')).toBe(700_000n);
  });

  it('i-box stakes one unit and divides each prize by the permutations', () => {
    // floor(200 x 2500 / 24) + floor(200 x 180 / 24) + floor(200 x 60 / 24) = 20833 + 1500 + 500
    expect(pays(505, '4231')).toBe(22_833n);
    expect(pays(506, '4231')).toBe(29_166n); // floor(200 x 3500 / 24)
    const ibox = playTypeById(505);
    const selection = ibox?.parse('4231');
    if (!ibox || !selection || isRefusal(selection)) throw new Error('parse');
    expect(ibox.combinations(selection)).toBe(1n);
  });

  it('refuses numbers that are not four digits and draws that are not 23 prizes', () => {
    const big = playTypeById(501);
    for (const balls of ['123', '12345', '12a4', '1234,5678', ''])
      expect(isRefusal(big?.parse(balls) ?? [])).toBe(true);
    expect(() => pays(501, '1234', { kind: 'sea4d', prizes: [{ tier: 'first', number: '1234' }] })).toThrow(
      TypeError,
    );
  });
});
