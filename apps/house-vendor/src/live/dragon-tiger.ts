import {
  type Bet,
  type BetKind,
  knownKind,
  type Outcome,
  payoutOf,
  type Ratio,
  ratioOf,
  readBetShape,
  readNumbers,
  type Settlement,
  type Validation,
} from './money.ts';
import { rankOf, ShoeCursor } from './shoe.ts';

/**
 * Dragon tiger (DAT) from the same 8-deck shoe as baccarat: one card to the dragon, then one to the
 * tiger; the higher rank wins (ace low = 1 .. king high = 13; suits do not count), equal ranks tie.
 * Dragon and tiger pay 1:1 and lose half the stake on a tie; tie pays 8:1.
 */

export type DragonTigerWinner = 'dragon' | 'tiger' | 'tie';
export type DragonTigerKind = 'dragon' | 'tiger' | 'tie';

export interface DragonTigerResult {
  readonly dragon: number;
  readonly tiger: number;
  readonly winner: DragonTigerWinner;
}

export const DRAGON_TIGER_BETS: Readonly<Record<DragonTigerKind, BetKind>> = {
  dragon: {
    kind: 'dragon',
    name: 'Dragon',
    odds: { win: 1, per: 1 },
    rule: 'Dragon card higher; half the stake lost on a tie',
  },
  tiger: {
    kind: 'tiger',
    name: 'Tiger',
    odds: { win: 1, per: 1 },
    rule: 'Tiger card higher; half the stake lost on a tie',
  },
  tie: { kind: 'tie', name: 'Tie', odds: { win: 8, per: 1 }, rule: 'Cards of equal rank' },
};

export function dragonTigerResult(dragon: number, tiger: number): DragonTigerResult {
  const d = rankOf(dragon);
  const t = rankOf(tiger);
  return { dragon, tiger, winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie' };
}

export function dealDragonTiger(next: () => number): DragonTigerResult {
  const dragon = next();
  return dragonTigerResult(dragon, next());
}

/** Every round of a shoe until the cut card. */
export function dealDragonTigerShoe(cards: readonly number[]): DragonTigerResult[] {
  const cursor = new ShoeCursor(cards);
  const rounds: DragonTigerResult[] = [];
  while (cursor.canStartRound()) rounds.push(dealDragonTiger(() => cursor.next()));
  return rounds;
}

export function dragonTigerOutcome(result: DragonTigerResult, kind: DragonTigerKind): Outcome {
  if (kind === 'tie') return result.winner === 'tie' ? 'win' : 'lose';
  if (result.winner === 'tie') return 'half';
  return result.winner === kind ? 'win' : 'lose';
}

export function dragonTigerRatio(result: DragonTigerResult, kind: DragonTigerKind): Ratio {
  return ratioOf(dragonTigerOutcome(result, kind), DRAGON_TIGER_BETS[kind].odds);
}

export interface DragonTigerBet extends Bet {
  readonly kind: DragonTigerKind;
}

export function validateDragonTigerBet(input: unknown): Validation<DragonTigerBet> {
  const shape = readBetShape(input);
  if (!shape.ok) return shape;
  if (!knownKind(DRAGON_TIGER_BETS, shape.kind)) return { ok: false, error: 'unknown bet kind' };
  if (readNumbers(shape.numbers, 0) === undefined)
    return { ok: false, error: 'this bet kind takes no numbers' };
  return { ok: true, bet: { kind: shape.kind as DragonTigerKind, stake: shape.stake } };
}

/** Payout includes the stake; a dragon or tiger bet on a tie pays back floor(stake / 2). */
export function settleDragonTiger(
  result: DragonTigerResult,
  bets: readonly DragonTigerBet[],
): Settlement<DragonTigerBet>[] {
  return bets.map((bet) => ({
    bet,
    outcome: dragonTigerOutcome(result, bet.kind),
    payout: payoutOf(bet.stake, dragonTigerRatio(result, bet.kind)),
  }));
}
