import type { FairStream } from '../fair/derive.ts';
import {
  type Bet,
  type BetKind,
  knownKind,
  LOSE,
  type Odds,
  type Outcome,
  payoutOf,
  type Ratio,
  readBetShape,
  readNumbers,
  type Settlement,
  type Validation,
  winRatio,
} from './money.ts';

/**
 * Sic bo (SIC): three dice, each stream.nextInt(6) + 1 of the round's fair stream (round-seed.ts), in
 * order. Small (4-10) and big (11-17), odd and even lose on any triple. Totals, triples, doubles,
 * two-dice combinations and single dice as in the table below (the common Macau/Wizard of Odds table:
 * total 4 or 17 pays 60:1, 5/16 30:1, 6/15 17:1, 7/14 12:1, 8/13 8:1, 9/12 and 10/11 6:1).
 */

export type Dice = readonly [number, number, number];

export type SicBoKind =
  | 'small'
  | 'big'
  | 'odd'
  | 'even'
  | 'total'
  | 'triple'
  | 'any-triple'
  | 'double'
  | 'combination'
  | 'single';

const even = (win: number): Odds => ({ win, per: 1 });

export const SIC_BO_TOTAL_ODDS: Readonly<Record<number, Odds>> = {
  4: even(60),
  5: even(30),
  6: even(17),
  7: even(12),
  8: even(8),
  9: even(6),
  10: even(6),
  11: even(6),
  12: even(6),
  13: even(8),
  14: even(12),
  15: even(17),
  16: even(30),
  17: even(60),
};

/** Single dice: pays 1:1, 2:1 or 3:1 when the number shows on one, two or three dice. */
export const SIC_BO_SINGLE_ODDS: Readonly<Record<number, Odds>> = { 1: even(1), 2: even(2), 3: even(3) };

export const SIC_BO_BETS: Readonly<Record<SicBoKind, BetKind>> = {
  small: { kind: 'small', name: 'Small', odds: even(1), rule: 'Total 4 to 10; loses on any triple' },
  big: { kind: 'big', name: 'Big', odds: even(1), rule: 'Total 11 to 17; loses on any triple' },
  odd: { kind: 'odd', name: 'Odd', odds: even(1), rule: 'Odd total; loses on any triple' },
  even: { kind: 'even', name: 'Even', odds: even(1), rule: 'Even total; loses on any triple' },
  total: {
    kind: 'total',
    name: 'Total',
    odds: even(6),
    oddsBy: SIC_BO_TOTAL_ODDS,
    rule: 'numbers: [t], 4 to 17: the three dice add up to t',
  },
  triple: {
    kind: 'triple',
    name: 'Specific triple',
    odds: even(180),
    rule: 'numbers: [n]: all three dice show n',
  },
  'any-triple': { kind: 'any-triple', name: 'Any triple', odds: even(30), rule: 'All three dice the same' },
  double: {
    kind: 'double',
    name: 'Specific double',
    odds: even(10),
    rule: 'numbers: [n]: at least two dice show n',
  },
  combination: {
    kind: 'combination',
    name: 'Two-dice combination',
    odds: even(5),
    rule: 'numbers: [a, b], a != b: both numbers show',
  },
  single: {
    kind: 'single',
    name: 'Single dice',
    odds: even(1),
    oddsBy: SIC_BO_SINGLE_ODDS,
    rule: 'numbers: [n]: pays 1:1, 2:1 or 3:1 when n shows on one, two or three dice',
  },
};

const NUMBER_COUNT: Readonly<Record<SicBoKind, number>> = {
  small: 0,
  big: 0,
  odd: 0,
  even: 0,
  total: 1,
  triple: 1,
  'any-triple': 0,
  double: 1,
  combination: 2,
  single: 1,
};

export interface SicBoBet extends Bet {
  readonly kind: SicBoKind;
  readonly numbers: readonly number[];
}

export function validateSicBoBet(input: unknown): Validation<SicBoBet> {
  const shape = readBetShape(input);
  if (!shape.ok) return shape;
  if (!knownKind(SIC_BO_BETS, shape.kind)) return { ok: false, error: 'unknown bet kind' };
  const kind = shape.kind as SicBoKind;
  const numbers = readNumbers(shape.numbers, 2);
  if (numbers === undefined || numbers.length !== NUMBER_COUNT[kind])
    return { ok: false, error: `${kind} takes ${NUMBER_COUNT[kind]} number(s)` };
  const sorted = [...numbers].sort((a, b) => a - b);
  if (kind === 'total') {
    if (sorted[0]! < 4 || sorted[0]! > 17) return { ok: false, error: 'a total is 4 to 17' };
  } else if (sorted.some((n) => n < 1 || n > 6)) return { ok: false, error: 'dice numbers are 1 to 6' };
  if (kind === 'combination' && sorted[0] === sorted[1])
    return { ok: false, error: 'a combination takes two different numbers' };
  return { ok: true, bet: { kind, numbers: sorted, stake: shape.stake } };
}

const isTriple = (dice: Dice) => dice[0] === dice[1] && dice[1] === dice[2];
const countOf = (dice: Dice, n: number) =>
  (dice[0] === n ? 1 : 0) + (dice[1] === n ? 1 : 0) + (dice[2] === n ? 1 : 0);

/** Gross return per unit staked of a (valid) bet on three dice. Allocation-light: the simulation calls it often. */
export function sicBoRatio(dice: Dice, bet: Pick<SicBoBet, 'kind' | 'numbers'>): Ratio {
  const total = dice[0] + dice[1] + dice[2];
  const triple = isTriple(dice);
  const n = bet.numbers[0] ?? 0;
  let odds: Odds | undefined;
  switch (bet.kind) {
    case 'small':
      if (!triple && total <= 10) odds = SIC_BO_BETS.small.odds;
      break;
    case 'big':
      if (!triple && total >= 11) odds = SIC_BO_BETS.big.odds;
      break;
    case 'odd':
      if (!triple && total % 2 === 1) odds = SIC_BO_BETS.odd.odds;
      break;
    case 'even':
      if (!triple && total % 2 === 0) odds = SIC_BO_BETS.even.odds;
      break;
    case 'total':
      if (total === n) odds = SIC_BO_TOTAL_ODDS[n];
      break;
    case 'triple':
      if (triple && dice[0] === n) odds = SIC_BO_BETS.triple.odds;
      break;
    case 'any-triple':
      if (triple) odds = SIC_BO_BETS['any-triple'].odds;
      break;
    case 'double':
      if (countOf(dice, n) >= 2) odds = SIC_BO_BETS.double.odds;
      break;
    case 'combination':
      if (countOf(dice, n) > 0 && countOf(dice, bet.numbers[1] ?? 0) > 0) odds = SIC_BO_BETS.combination.odds;
      break;
    case 'single': {
      const matched = countOf(dice, n);
      if (matched > 0) odds = SIC_BO_SINGLE_ODDS[matched];
      break;
    }
  }
  return odds === undefined ? LOSE : winRatio(odds);
}

export function sicBoOutcome(dice: Dice, bet: Pick<SicBoBet, 'kind' | 'numbers'>): Outcome {
  return sicBoRatio(dice, bet).n === 0n ? 'lose' : 'win';
}

function checkDice(dice: Dice): void {
  if (dice.length !== 3 || dice.some((die) => !Number.isInteger(die) || die < 1 || die > 6))
    throw new RangeError('three dice of 1 to 6');
}

/** Payout includes the stake (money.ts). */
export function settleSicBo(dice: Dice, bets: readonly SicBoBet[]): Settlement<SicBoBet>[] {
  checkDice(dice);
  return bets.map((bet) => {
    const ratio = sicBoRatio(dice, bet);
    return { bet, outcome: ratio.n === 0n ? 'lose' : 'win', payout: payoutOf(bet.stake, ratio) };
  });
}

/** The dice of a round from its fair stream. */
export async function rollSicBo(stream: FairStream): Promise<Dice> {
  const first = (await stream.nextInt(6)) + 1;
  const second = (await stream.nextInt(6)) + 1;
  return [first, second, (await stream.nextInt(6)) + 1];
}
