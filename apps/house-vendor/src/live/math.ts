import { type Fraction, fraction } from '../slots/math.ts';
import {
  BACCARAT_BETS,
  type BaccaratKind,
  type BaccaratResult,
  type BaccaratVariant,
  baccaratRatio,
  bankerDraws,
  playerDraws,
  winnerOf,
} from './baccarat.ts';
import {
  DRAGON_TIGER_BETS,
  type DragonTigerKind,
  dragonTigerRatio,
  dragonTigerResult,
} from './dragon-tiger.ts';
import { formatOdds, type Odds, type Ratio } from './money.ts';
import { INSIDE_BETS, POCKETS, ROULETTE_BETS, type RouletteKind, rouletteRatio } from './roulette.ts';
import { DECKS, SHOE_SIZE } from './shoe.ts';
import { type Dice, SIC_BO_BETS, SIC_BO_TOTAL_ODDS, type SicBoKind, sicBoRatio } from './sicbo.ts';

/**
 * The exact math of every bet of the live tables: each bet's return per unit staked is a discrete
 * random variable with finitely many equally weighted (or integer-weighted) outcomes, enumerated in
 * full and summed in integers (BigInt), so every RTP is an exact fraction. The bets are settled by the
 * very functions the tables use (baccaratRatio, dragonTigerRatio, rouletteRatio, sicBoRatio).
 *
 * - Baccarat: the first six cards off the top of a full 8-deck shoe, compositionally (without
 *   replacement: 128 cards worth 0, 32 of each value 1-9). Every sequence of card values is weighted by
 *   the number of ways to draw it, hands that stop after four or five cards are extended to six
 *   positions, so every weight shares the denominator 416 x 415 x 414 x 413 x 412 x 411. Pairs: the
 *   player's (banker's) first two cards by rank, 13 ranks of 32 cards: weight 32 x 31 per rank out of
 *   416 x 415.
 * - Dragon tiger: two cards off the top, 13 x 13 ranks weighted 32 x 32 (32 x 31 for equal ranks).
 * - Roulette: the 37 pockets, for every bet of every kind (each kind's bets all have the same RTP).
 * - Sic bo: the 216 ordered dice outcomes.
 */

export type LiveGame = 'BAC' | 'DAT' | 'ROU' | 'SIC';

export interface BetLine {
  game: LiveGame;
  /** Baccarat table variant, when the line depends on it. */
  variant?: BaccaratVariant;
  kind: string;
  /** The bet's numbers for a line of one variant (sic bo totals), or a representative bet for the simulation. */
  numbers: readonly number[];
  label: string;
  odds: string;
  /** Exact RTP: expected amount returned (stake included) per unit staked. */
  rtp: Fraction;
  /** Probability that the bet wins (anything above its stake). */
  winProbability: number;
  /** Standard deviation of the amount returned per unit staked. */
  stdDev: number;
  /** Weighted outcomes enumerated. */
  outcomes: string;
}

/** An integer-weighted distribution of returns per unit staked. */
class Distribution {
  readonly #weights = new Map<string, { ratio: Ratio; weight: bigint }>();
  total = 0n;

  add(ratio: Ratio, weight: bigint | number): void {
    const key = `${ratio.n}/${ratio.d}`;
    const entry = this.#weights.get(key) ?? { ratio, weight: 0n };
    entry.weight += BigInt(weight);
    this.#weights.set(key, entry);
    this.total += BigInt(weight);
  }

  summary(): Pick<BetLine, 'rtp' | 'winProbability' | 'stdDev'> {
    const entries = [...this.#weights.values()];
    const lcm = entries.reduce((l, { ratio }) => (l % ratio.d === 0n ? l : l * ratio.d), 1n);
    let sum = 0n;
    let squares = 0n;
    let wins = 0n;
    for (const { ratio, weight } of entries) {
      const scaled = ratio.n * (lcm / ratio.d);
      sum += weight * scaled;
      squares += weight * scaled * scaled;
      if (ratio.n > ratio.d) wins += weight;
    }
    const rtp = fraction(sum, this.total * lcm);
    const mean = Number(sum) / Number(this.total) / Number(lcm);
    const meanSquare = Number(squares) / Number(this.total) / Number(lcm * lcm);
    return {
      rtp,
      winProbability: Number(wins) / Number(this.total),
      stdDev: Math.sqrt(Math.max(0, meanSquare - mean * mean)),
    };
  }
}

const fallingFactorial = (from: number, count: number): number => {
  let product = 1;
  for (let i = 0; i < count; i++) product *= from - i;
  return product;
};

/**
 * Weights of every (player total, banker total) of a hand off the top of a full shoe, by full
 * enumeration of card values; weights[10 * player + banker], all over 416P6.
 */
export function baccaratTotals(): { weights: number[]; denominator: number } {
  const counts = [16 * DECKS, ...new Array<number>(9).fill(4 * DECKS)];
  const weights = new Array<number>(100).fill(0);
  const draw = (value: number): number => {
    const count = counts[value]!;
    counts[value] = count - 1;
    return count;
  };
  const undraw = (value: number): void => {
    counts[value]! += 1;
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = draw(p1);
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = w1 * draw(b1);
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = w2 * draw(p2);
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = w3 * draw(b2);
          const p = (p1 + p2) % 10;
          const b = (b1 + b2) % 10;
          if (p >= 8 || b >= 8 || (!playerDraws(p) && !bankerDraws(b, undefined))) {
            weights[10 * p + b]! += w4 * fallingFactorial(SHOE_SIZE - 4, 2);
          } else if (!playerDraws(p)) {
            // Player stands, banker draws one card.
            for (let b3 = 0; b3 < 10; b3++) {
              const w5 = w4 * counts[b3]!;
              weights[10 * p + ((b + b3) % 10)]! += w5 * (SHOE_SIZE - 5);
            }
          } else {
            for (let p3 = 0; p3 < 10; p3++) {
              const w5 = w4 * draw(p3);
              const player = (p + p3) % 10;
              if (!bankerDraws(b, p3)) weights[10 * player + b]! += w5 * (SHOE_SIZE - 5);
              else
                for (let b3 = 0; b3 < 10; b3++) weights[10 * player + ((b + b3) % 10)]! += w5 * counts[b3]!;
              undraw(p3);
            }
          }
          undraw(b2);
        }
        undraw(p2);
      }
      undraw(b1);
    }
    undraw(p1);
  }
  const denominator = fallingFactorial(SHOE_SIZE, 6);
  const sum = weights.reduce((a, b) => a + b, 0);
  // Every partial sum is at most the denominator (< 2^53), so the additions above were exact.
  if (!Number.isSafeInteger(denominator) || sum !== denominator)
    throw new Error('baccarat weights do not add up');
  return { weights, denominator };
}

function baccaratHand(
  playerTotal: number,
  bankerTotal: number,
  playerPair = false,
  bankerPair = false,
): BaccaratResult {
  return {
    cards: [],
    player: [],
    banker: [],
    playerTotal,
    bankerTotal,
    winner: winnerOf(playerTotal, bankerTotal),
    playerPair,
    bankerPair,
    natural: false,
  };
}

function baccaratLines(): BetLine[] {
  const { weights } = baccaratTotals();
  const pairSame = 13n * BigInt(4 * DECKS) * BigInt(4 * DECKS - 1);
  const pairAll = BigInt(SHOE_SIZE) * BigInt(SHOE_SIZE - 1);
  const lines: BetLine[] = [];
  for (const variant of ['commission', 'no-commission'] as const) {
    for (const [kind, bet] of Object.entries(BACCARAT_BETS[variant]) as [
      BaccaratKind,
      (typeof BACCARAT_BETS)['commission']['player'],
    ][]) {
      // Player, tie and pairs are the same on both tables: listed once, under the commission table.
      if (variant === 'no-commission' && kind !== 'banker') continue;
      const distribution = new Distribution();
      if (kind === 'player-pair' || kind === 'banker-pair') {
        const pair = kind === 'player-pair';
        distribution.add(baccaratRatio(baccaratHand(0, 0, pair, !pair), kind, variant), pairSame);
        distribution.add(baccaratRatio(baccaratHand(0, 0, false, false), kind, variant), pairAll - pairSame);
      } else {
        weights.forEach((weight, index) => {
          if (weight > 0)
            distribution.add(
              baccaratRatio(baccaratHand(Math.floor(index / 10), index % 10), kind, variant),
              weight,
            );
        });
      }
      lines.push({
        game: 'BAC',
        ...(kind === 'banker' ? { variant } : {}),
        kind,
        numbers: [],
        label: kind === 'banker' ? `${bet.name} (${variant})` : bet.name,
        odds:
          kind !== 'banker'
            ? formatOdds(bet.odds)
            : variant === 'commission'
              ? '0.95:1'
              : '1:1, 1:2 on a banker 6',
        ...distribution.summary(),
        outcomes: kind.endsWith('pair') ? '416 x 415 two-card rank pairs' : '416P6 card sequences',
      });
    }
  }
  return lines;
}

function dragonTigerLines(): BetLine[] {
  return (Object.keys(DRAGON_TIGER_BETS) as DragonTigerKind[]).map((kind) => {
    const distribution = new Distribution();
    const perRank = 4 * DECKS;
    for (let dragon = 0; dragon < 13; dragon++)
      for (let tiger = 0; tiger < 13; tiger++)
        // Card index r is the rank r + 1 of spades (shoe.ts); only ranks matter.
        distribution.add(
          dragonTigerRatio(dragonTigerResult(dragon, tiger), kind),
          perRank * (dragon === tiger ? perRank - 1 : perRank),
        );
    return {
      game: 'DAT',
      kind,
      numbers: [],
      label: DRAGON_TIGER_BETS[kind].name,
      odds: kind === 'tie' ? '8:1' : '1:1, half back on a tie',
      ...distribution.summary(),
      outcomes: '416 x 415 two-card rank pairs',
    } satisfies BetLine;
  });
}

const sameSummary = (
  game: LiveGame,
  label: string,
  summaries: Pick<BetLine, 'rtp' | 'winProbability' | 'stdDev'>[],
) => {
  const [first] = summaries;
  if (!first) throw new Error(`${game} ${label}: no bets`);
  for (const other of summaries)
    if (other.rtp.numerator !== first.rtp.numerator || other.rtp.denominator !== first.rtp.denominator)
      throw new Error(`${game} ${label}: bets of one line differ in RTP`);
  return first;
};

function rouletteLines(): BetLine[] {
  return (Object.keys(ROULETTE_BETS) as RouletteKind[]).map((kind) => {
    const variants: readonly (readonly number[])[] =
      kind in INSIDE_BETS
        ? INSIDE_BETS[kind as keyof typeof INSIDE_BETS]
        : kind === 'dozen' || kind === 'column'
          ? [[1], [2], [3]]
          : [[]];
    const summaries = variants.map((numbers) => {
      const distribution = new Distribution();
      for (let pocket = 0; pocket < POCKETS; pocket++)
        distribution.add(rouletteRatio(pocket, { kind, numbers }), 1);
      return distribution.summary();
    });
    return {
      game: 'ROU',
      kind,
      numbers: variants[Math.floor(variants.length / 2)]!,
      label: `${ROULETTE_BETS[kind].name}${variants.length > 1 ? ` (all ${variants.length})` : ''}`,
      odds: formatOdds(ROULETTE_BETS[kind].odds),
      ...sameSummary('ROU', kind, summaries),
      outcomes: '37 pockets',
    } satisfies BetLine;
  });
}

const ALL_DICE: Dice[] = [];
for (let a = 1; a <= 6; a++)
  for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) ALL_DICE.push([a, b, c]);

function sicBoLines(): BetLine[] {
  const lines: BetLine[] = [];
  const line = (kind: SicBoKind, label: string, odds: Odds | string, variants: number[][]) => {
    const summaries = variants.map((numbers) => {
      const distribution = new Distribution();
      for (const dice of ALL_DICE) distribution.add(sicBoRatio(dice, { kind, numbers }), 1);
      return distribution.summary();
    });
    lines.push({
      game: 'SIC',
      kind,
      numbers: variants[0]!,
      label,
      odds: typeof odds === 'string' ? odds : formatOdds(odds),
      ...sameSummary('SIC', label, summaries),
      outcomes: '216 dice outcomes',
    });
  };
  const one = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => [from + i]);
  for (const kind of ['big', 'small', 'odd', 'even'] as const)
    line(kind, SIC_BO_BETS[kind].name, SIC_BO_BETS[kind].odds, [[]]);
  for (let total = 4; total <= 17; total++)
    line('total', `Total ${total}`, SIC_BO_TOTAL_ODDS[total]!, [[total]]);
  line('triple', `${SIC_BO_BETS.triple.name} (all 6)`, SIC_BO_BETS.triple.odds, one(1, 6));
  line('any-triple', SIC_BO_BETS['any-triple'].name, SIC_BO_BETS['any-triple'].odds, [[]]);
  line('double', `${SIC_BO_BETS.double.name} (all 6)`, SIC_BO_BETS.double.odds, one(1, 6));
  const pairs: number[][] = [];
  for (let a = 1; a <= 6; a++) for (let b = a + 1; b <= 6; b++) pairs.push([a, b]);
  line('combination', `${SIC_BO_BETS.combination.name} (all 15)`, SIC_BO_BETS.combination.odds, pairs);
  line('single', `${SIC_BO_BETS.single.name} (all 6)`, '1:1 / 2:1 / 3:1', one(1, 6));
  return lines;
}

export interface LiveMath {
  lines: BetLine[];
  /** Baccarat hand probabilities off the top (exact fractions). */
  baccarat: { player: Fraction; banker: Fraction; tie: Fraction; bankerSix: Fraction };
}

export function analyseLive(): LiveMath {
  const { weights, denominator } = baccaratTotals();
  let player = 0;
  let banker = 0;
  let tie = 0;
  let bankerSix = 0;
  weights.forEach((weight, index) => {
    const p = Math.floor(index / 10);
    const b = index % 10;
    if (p > b) player += weight;
    else if (b > p) {
      banker += weight;
      if (b === 6) bankerSix += weight;
    } else tie += weight;
  });
  const of = (weight: number) => fraction(BigInt(weight), BigInt(denominator));
  return {
    lines: [...baccaratLines(), ...dragonTigerLines(), ...rouletteLines(), ...sicBoLines()],
    baccarat: { player: of(player), banker: of(banker), tie: of(tie), bankerSix: of(bankerSix) },
  };
}
