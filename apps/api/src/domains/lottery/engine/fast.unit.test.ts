import { describe, expect, it } from 'vitest';
import { isRefusal } from './balls.ts';
import { drawDice, drawDigits } from './draw.ts';
import { DICE_PLAY_TYPES, DIGIT_PLAY_TYPES } from './fast.ts';
import { payoutOf } from './payout.ts';
import { playTypeById } from './registry.ts';
import { type Draw, type PlayType, PRIZE_MODES, type PrizeMode, type Selection } from './types.ts';

function play(id: number): PlayType {
  const playType = playTypeById(id);
  if (!playType) throw new Error(`no play ${id}`);
  return playType;
}

function select(playType: PlayType, balls: string): Selection {
  const parsed = playType.parse(balls);
  if (isRefusal(parsed)) throw new Error(parsed.reason);
  return parsed;
}

const digits = (...d: number[]): Draw => ({ kind: 'digits', digits: d });
const dice = (...d: number[]): Draw => ({ kind: 'dice', dice: d });

/** Payout of a selection at 200 minor units per combination in prize mode LOTT. */
function pays(id: number, balls: string, draw: Draw, mode: PrizeMode = 'LOTT'): bigint {
  const playType = play(id);
  return payoutOf(playType, select(playType, balls), draw, mode, 200n);
}

describe('five-digit play types, hand-worked', () => {
  it('positional straight pays each position that matches (9.8x in LOTT, 9.6x in SEA)', () => {
    expect(play(101).combinations(select(play(101), '1,3||||9'))).toBe(3n);
    expect(pays(101, '1,3||||9', digits(1, 2, 3, 4, 9))).toBe(2n * 1960n);
    expect(pays(101, '1,3||||9', digits(1, 2, 3, 4, 9), 'SEA')).toBe(2n * 1920n);
    expect(pays(101, '1,3||||9', digits(2, 1, 3, 4, 8))).toBe(0n);
  });

  it('big/small/odd/even per position: big 5-9, small 0-4', () => {
    // pos0 = 7: B and O hit; pos1 = 2: S hits; pos4 = 3: E misses
    expect(pays(102, 'B,O|S|||E', digits(7, 2, 0, 0, 3))).toBe(3n * 392n);
    expect(pays(102, 'B||||', digits(4, 0, 0, 0, 0))).toBe(0n);
    expect(pays(102, 'S||||', digits(4, 0, 0, 0, 0))).toBe(392n);
  });

  it('big/small/odd/even on the sum: big 23-45', () => {
    expect(pays(103, 'B,E', digits(9, 9, 5, 0, 0))).toBe(392n); // 23: big, odd
    expect(pays(103, 'B,E', digits(9, 9, 4, 0, 0))).toBe(392n); // 22: small, even
    expect(pays(103, 'S,O', digits(9, 9, 4, 0, 0))).toBe(392n);
    expect(pays(103, 'B,O', digits(0, 0, 0, 0, 0))).toBe(0n);
  });

  it('three-digit straight on the first, middle and last three', () => {
    expect(play(111).combinations(select(play(111), '1,2|3|5'))).toBe(2n);
    expect(pays(111, '1,2|3|5', digits(2, 3, 5, 0, 0))).toBe(196_000n);
    expect(pays(111, '1,2|3|5', digits(2, 3, 6, 0, 0))).toBe(0n);
    expect(pays(121, '1,2|3|5', digits(0, 2, 3, 5, 0))).toBe(196_000n);
    expect(pays(131, '1,2|3|5', digits(0, 0, 1, 3, 5))).toBe(196_000n);
    expect(pays(131, '1,2|3|5', digits(1, 3, 5, 0, 0))).toBe(0n);
  });

  it('group 3: exactly one pair, both digits chosen; C(n,2) x 2 combinations', () => {
    expect(play(132).combinations(select(play(132), '1,2,3'))).toBe(6n);
    expect(pays(132, '1,2', digits(9, 9, 1, 2, 1))).toBe(65_320n);
    expect(pays(132, '1,2', digits(9, 9, 2, 2, 1))).toBe(65_320n);
    expect(pays(132, '1,2', digits(9, 9, 1, 1, 1))).toBe(0n); // a triple is not group 3
    expect(pays(132, '1,2', digits(9, 9, 1, 2, 3))).toBe(0n); // group 6 shape
    expect(pays(132, '1,2', digits(9, 9, 1, 3, 1))).toBe(0n); // 3 not chosen
  });

  it('group 6: three different digits, all chosen; C(n,3) combinations', () => {
    expect(play(123).combinations(select(play(123), '1,2,3,4'))).toBe(4n);
    expect(pays(123, '1,2,3,4', digits(9, 3, 1, 4, 9))).toBe(32_660n);
    expect(pays(123, '1,2,3,4', digits(9, 3, 3, 4, 9))).toBe(0n);
    expect(pays(123, '1,2,3,4', digits(9, 3, 1, 5, 9))).toBe(0n);
  });
});

describe('three-dice play types, hand-worked', () => {
  it('sum pays the odds of the sum drawn (11..18 mirror 3..10)', () => {
    expect(pays(201, '15,16', dice(4, 5, 6))).toBe(200n * 20n + (200n * 9n) / 10n); // 20.9x
    expect(pays(201, '3', dice(1, 1, 1))).toBe(41_800n); // 209x
    expect(pays(201, '10', dice(3, 3, 4))).toBe(1540n); // 7.7x
    expect(pays(201, '10', dice(3, 3, 5))).toBe(0n); // 11
  });

  it('big/small: 11-17 big, 4-10 small, triples lose', () => {
    expect(pays(202, 'B', dice(6, 5, 1))).toBe(396n);
    expect(pays(202, 'S', dice(6, 3, 1))).toBe(396n);
    expect(pays(202, 'B,S', dice(5, 5, 5))).toBe(0n);
    expect(pays(202, 'B,S', dice(1, 1, 1))).toBe(0n);
  });

  it('triples: any triple and a specific one', () => {
    expect(pays(203, 'ANY', dice(2, 2, 2))).toBe(7000n);
    expect(pays(203, 'ANY', dice(2, 2, 3))).toBe(0n);
    expect(pays(204, '2,5', dice(2, 2, 2))).toBe(42_000n);
    expect(pays(204, '5', dice(2, 2, 2))).toBe(0n);
  });

  it('pairs: at least two dice of a chosen face', () => {
    expect(pays(205, '3,4', dice(3, 3, 4))).toBe(2620n);
    expect(pays(205, '3,4', dice(3, 3, 3))).toBe(2620n);
    expect(pays(205, '3,4', dice(3, 4, 5))).toBe(0n);
  });

  it('two-dice combinations: every chosen pair of faces that both appear', () => {
    expect(play(206).combinations(select(play(206), '1,2,3'))).toBe(3n);
    expect(pays(206, '1,2,3', dice(1, 2, 3))).toBe(3n * 1400n);
    expect(pays(206, '1,2,3', dice(1, 1, 2))).toBe(1400n);
    expect(pays(206, '1,2,3', dice(1, 4, 5))).toBe(0n);
  });
});

// ---- RTP: exact by enumeration, then checked by simulation over the provably fair draw ------------

const ALL_DIGITS: Draw[] = Array.from({ length: 100_000 }, (_, n) =>
  digits(...String(n).padStart(5, '0').split('').map(Number)),
);
const ALL_DICE: Draw[] = [];
for (let a = 1; a <= 6; a++)
  for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) ALL_DICE.push(dice(a, b, c));

/** A representative selection per fast play type. */
const SAMPLES: Record<number, string> = {
  101: '0,1,2|3||9|4,5,6,7,8',
  102: 'B,O|S||E|B,S,O,E',
  103: 'B,O',
  111: '1,2|3|4,5,6',
  112: '1,2,3',
  113: '1,2,3,4',
  121: '0|0|0',
  122: '0,9',
  123: '0,5,9',
  131: '1,2,3|4,5|6',
  132: '1,2,3,4,5,6,7,8,9,0',
  133: '2,4,6,8',
  201: '3,7,10,11,17',
  202: 'B',
  203: 'ANY',
  204: '6',
  205: '1,6',
  206: '1,2,3,4',
};

const STAKE = 10_000n; // per combination: payouts are then exact in basis points

function exact(playType: PlayType, selection: Selection, draws: Draw[]) {
  const staked = STAKE * playType.combinations(selection);
  let paid = 0n;
  let sumSquares = 0;
  for (const draw of draws) {
    const payout = payoutOf(playType, selection, draw, 'LOTT', STAKE);
    paid += payout;
    sumSquares += (Number(payout) / Number(staked)) ** 2;
  }
  const rtp = Number(paid) / Number(staked) / draws.length;
  return { paid, staked, rtp, sd: Math.sqrt(sumSquares / draws.length - rtp ** 2) };
}

describe('RTP of each fast play type', () => {
  it('exact RTP by enumeration matches the closed form of the odds', () => {
    // positional straight: each digit chosen wins 1 draw in 10 at 9.8x
    const straight = exact(play(101), select(play(101), SAMPLES[101] as string), ALL_DIGITS);
    expect(straight.paid * 1000n).toBe(straight.staked * 100_000n * 980n);
    // group 3: a chosen ordered pair hits 3 draws in 1000 at 326.6x
    const group3 = exact(play(112), select(play(112), '1,2'), ALL_DIGITS);
    expect(group3.paid * 10_000n).toBe(group3.staked * 100_000n * 9798n);
    // group 6: 6 draws in 1000 at 163.3x
    const group6 = exact(play(133), select(play(133), '1,2,3'), ALL_DIGITS);
    expect(group6.paid * 10_000n).toBe(group6.staked * 100_000n * 9798n);
    // sum big/small: exactly half of the sums are big, 1.96x
    const sum = exact(play(103), select(play(103), 'B'), ALL_DIGITS);
    expect(sum.paid * 100n).toBe(sum.staked * 100_000n * 98n);
    // dice: pair 16/216 at 13.1x, two-dice 30/216 at 7x, big 105/216 at 1.98x, triple 1/216 at 210x
    const pair = exact(play(205), select(play(205), '4'), ALL_DICE);
    expect(pair.paid).toBe(16n * 131_000n);
    const two = exact(play(206), select(play(206), '2,5'), ALL_DICE);
    expect(two.paid).toBe(30n * 70_000n);
    const big = exact(play(202), select(play(202), 'B'), ALL_DICE);
    expect(big.paid).toBe(105n * 19_800n);
    const triple = exact(play(204), select(play(204), '3'), ALL_DICE);
    expect(triple.paid).toBe(2_100_000n);
  });

  it('pays back less than the stake in every prize mode (exact RTP of each fast play type, 90% to 100%)', () => {
    for (const [id, balls] of Object.entries(SAMPLES)) {
      const playType = play(Number(id));
      const selection = select(playType, balls);
      const draws = playType.family === 'digits' ? ALL_DIGITS : ALL_DICE;
      const staked = STAKE * playType.combinations(selection) * BigInt(draws.length);
      for (const mode of PRIZE_MODES) {
        let paid = 0n;
        for (const draw of draws) paid += payoutOf(playType, selection, draw, mode, STAKE);
        // 0.9 < paid / staked < 1, in integers
        expect(paid * 10n > staked * 9n, `${playType.code} ${mode}`).toBe(true);
        expect(paid < staked, `${playType.code} ${mode}`).toBe(true);
      }
    }
  });

  it('covers every fast play type in the simulation samples', () => {
    expect(Object.keys(SAMPLES).map(Number).sort()).toEqual(
      [...DIGIT_PLAY_TYPES, ...DICE_PLAY_TYPES].map((playType) => playType.id).sort(),
    );
  });

  const SEED = 'a3f1c2e4b5d6978812345678901234567890abcdefabcdefabcdefabcdef0123';
  const N = 60_000;
  const simulatedDigits = Array.from({ length: N }, (_, i) => drawDigits(SEED, 'LOTT1', String(i)));
  const simulatedDice = Array.from({ length: N }, (_, i) => drawDice(SEED, 'DICE1', String(i)));

  it.each(Object.entries(SAMPLES))(
    'play %s: simulated RTP over 60,000 fair draws is within 5 sigma of exact',
    (id, balls) => {
      const playType = play(Number(id));
      const selection = select(playType, balls);
      const family = playType.family === 'digits' ? ALL_DIGITS : ALL_DICE;
      const truth = exact(playType, selection, family);
      expect(truth.rtp).toBeGreaterThan(0.9);
      expect(truth.rtp).toBeLessThan(1);
      const simulated = exact(
        playType,
        selection,
        playType.family === 'digits' ? simulatedDigits : simulatedDice,
      );
      expect(Math.abs(simulated.rtp - truth.rtp)).toBeLessThan((5 * truth.sd) / Math.sqrt(N));
    },
  );
});
