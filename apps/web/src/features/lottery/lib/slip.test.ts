import { describe, expect, it } from 'vitest';
import { PLAY_DEFINITIONS, playDefinition } from './play-types.ts';
import {
  betRequest,
  buildSlip,
  cartProblem,
  cartTotal,
  combinationsOf,
  emptySelection,
  formatOdds,
  parseMultiple,
  parseTypedNumbers,
  permutationCount,
  type Selection,
  type Slip,
  selectionProblem,
  slipString,
  toggleNumber,
} from './slip.ts';

const play = (id: number) => {
  const found = playDefinition(id);
  if (!found) throw new Error(`no play ${id}`);
  return found;
};
const limits = { minSlip: 2n, maxSlip: 1_000_000n };

function slip(id: number, selection: Selection, multipleText = '1', mode = '1', unit = 200n): Slip {
  const built = buildSlip({ play: play(id), selection, mode, unit, multipleText, limits, key: `k${id}` });
  if ('problem' in built) throw new Error(built.problem.reason);
  return built.slip;
}

describe('lottery slip rules', () => {
  it('knows every play type of the engine once, by family', () => {
    expect(new Set(PLAY_DEFINITIONS.map((p) => p.id)).size).toBe(PLAY_DEFINITIONS.length);
    expect(PLAY_DEFINITIONS.filter((p) => p.family === 'digits')).toHaveLength(12);
    expect(PLAY_DEFINITIONS.filter((p) => p.family === 'dice')).toHaveLength(6);
    expect(PLAY_DEFINITIONS.filter((p) => p.family === 'vn-north')).toHaveLength(9);
    expect(PLAY_DEFINITIONS.filter((p) => p.family === 'sea4d')).toHaveLength(6);
  });

  it('toggles numbers in canonical order, up to the position maximum', () => {
    const straight = play(101);
    let selection = emptySelection(straight);
    selection = toggleNumber(straight, selection, 0, '7');
    selection = toggleNumber(straight, selection, 0, '3');
    selection = toggleNumber(straight, selection, 4, '9');
    expect(selection).toEqual([['3', '7'], [], [], [], ['9']]);
    expect(toggleNumber(straight, selection, 0, '7')).toEqual([['3'], [], [], [], ['9']]);
    // Dice big/small: at most two tokens.
    const bigSmall = play(202);
    const both = toggleNumber(bigSmall, toggleNumber(bigSmall, [[]], 0, 'S'), 0, 'B');
    expect(both).toEqual([['B', 'S']]);
  });

  it('counts combinations like the engine', () => {
    expect(combinationsOf(play(101), [['3', '7'], [], [], [], ['9']])).toBe(3n);
    expect(combinationsOf(play(101), [[], [], [], [], []])).toBe(0n);
    expect(combinationsOf(play(111), [['1', '2'], ['3'], ['4', '5', '6']])).toBe(6n);
    expect(combinationsOf(play(111), [['1'], [], ['4']])).toBe(0n);
    expect(combinationsOf(play(112), [['1', '2', '3']])).toBe(6n);
    expect(combinationsOf(play(113), [['1', '2', '3', '4']])).toBe(4n);
    expect(combinationsOf(play(206), [['1', '2', '3']])).toBe(3n);
    expect(combinationsOf(play(203), [['ANY']])).toBe(1n);
    expect(combinationsOf(play(308), [['01', '02', '03', '04']])).toBe(4n);
    expect(combinationsOf(play(503), [['1123']])).toBe(12n);
    expect(combinationsOf(play(505), [['1123']])).toBe(1n);
    expect(selectionProblem(play(113), [['1', '2']])).toBe('too-few');
  });

  it('counts the distinct orderings of a 4D number', () => {
    expect(permutationCount('1234')).toBe(24n);
    expect(permutationCount('1123')).toBe(12n);
    expect(permutationCount('1122')).toBe(6n);
    expect(permutationCount('1112')).toBe(4n);
    expect(permutationCount('1111')).toBe(1n);
  });

  it('reads typed numbers of a fixed width and refuses the rest', () => {
    expect(parseTypedNumbers('123, 045 999', 3)).toEqual({ numbers: ['045', '123', '999'] });
    expect(parseTypedNumbers('12', 3)).toEqual({ error: 'bad-number' });
    expect(parseTypedNumbers('1.5e', 3)).toEqual({ error: 'bad-number' });
    expect(parseTypedNumbers('123 123', 3)).toEqual({ error: 'duplicate' });
  });

  it('takes only whole multiples from 1 to 10,000', () => {
    expect(parseMultiple('1')).toBe(1n);
    expect(parseMultiple(' 10000 ')).toBe(10_000n);
    for (const bad of ['0', '10001', '1.5', '-2', '1e3', '', '01', '２'])
      expect(parseMultiple(bad)).toBeNull();
  });

  it('prices a slip in minor units and checks its limits', () => {
    const built = slip(101, [['3', '7'], [], [], [], ['9']], '5');
    expect(built).toMatchObject({ balls: '3,7||||9', combinations: 3n, multiple: 5n, amount: 3_000n });
    const tooMuch = buildSlip({
      play: play(101),
      selection: [['1'], [], [], [], []],
      mode: '1',
      unit: 200n,
      multipleText: '10000',
      limits: { minSlip: 2n, maxSlip: 100_000n },
      key: 'x',
    });
    expect(tooMuch).toEqual({ problem: { reason: 'above-maximum', limit: 100_000n } });
    const tooLittle = buildSlip({
      play: play(101),
      selection: [['1'], [], [], [], []],
      mode: '3',
      unit: 2n,
      multipleText: '1',
      limits: { minSlip: 10n, maxSlip: 100_000n },
      key: 'x',
    });
    expect(tooLittle).toEqual({ problem: { reason: 'below-minimum', limit: 10n } });
    const incomplete = buildSlip({
      play: play(111),
      selection: [['1'], [], []],
      mode: '1',
      unit: 200n,
      multipleText: '1',
      limits,
      key: 'x',
    });
    expect(incomplete).toEqual({ problem: { reason: 'selection' } });
    const badMultiple = buildSlip({
      play: play(101),
      selection: [['1'], [], [], [], []],
      mode: '1',
      unit: 200n,
      multipleText: '2.5',
      limits,
      key: 'x',
    });
    expect(badMultiple).toEqual({ problem: { reason: 'multiple' } });
  });

  it('checks the cart and writes the wire slip string and total as decimal strings', () => {
    const a = slip(101, [['3'], [], [], [], []], '2');
    const b = slip(202, [['B']], '1', '2', 20n);
    expect(cartTotal([a, b])).toBe(420n);
    expect(cartProblem([], 1_000n)).toEqual({ reason: 'empty' });
    expect(cartProblem([a, b], 400n)).toEqual({ reason: 'order-above-maximum', limit: 400n });
    expect(
      cartProblem(
        Array.from({ length: 51 }, () => a),
        10_000_000n,
      ),
    ).toEqual({
      reason: 'too-many-slips',
      limit: 50,
    });
    expect(cartProblem([a, b], 5_000_000n)).toBeNull();
    expect(slipString([a, b])).toBe('3||||~1~101~1~1950~2;B~1~202~2~1950~1');
    const body = betRequest({
      requestId: 'req-12345678',
      gameId: '7',
      numero: '20261126-0001',
      prizeMode: 'LOTT',
      currency: 'MYR',
      slips: [a, b],
    });
    expect(body).toMatchObject({
      betCartAmountSum: '4.20',
      bettingSlipString: '3||||~1~101~1~1950~2;B~1~202~2~1950~1',
      currentNumero: '20261126-0001',
      prizeModeId: 'LOTT',
      chase: null,
    });
    expect(typeof body.betCartAmountSum).toBe('string');
  });

  it('shows basis-point odds as a multiplier', () => {
    expect(formatOdds('98000')).toBe('9.8');
    expect(formatOdds('3266000')).toBe('326.6');
    expect(formatOdds('10000')).toBe('1');
    expect(formatOdds('19650')).toBe('1.965');
  });
});
