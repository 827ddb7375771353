/**
 * Shared types of the pure lottery rules engine (no database, no I/O). Money is in integer minor units
 * (bigint); odds are integer basis points of the stake, 10_000 = the stake back (1x), so a payout is
 * always computed with integer arithmetic and floored once per slip and prize tier.
 */
import type { Draw, DrawFamily } from '@lotus/contracts/lottery-draw';

export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];

/** Which draw a play type is settled against; a cart only holds play types of its game's family. */
export type GameFamily = DrawFamily;

export type { Draw, PrizeNumber } from '@lotus/contracts/lottery-draw';

/** A parsed selection: positions (split on `|`), each a list of normalised tokens (split on `,`). */
export type Selection = readonly (readonly string[])[];

/**
 * One winning outcome of a slip: `count` winning combinations (or occurrences, for VN lo) of prize
 * `tier`, each paying `odds[tier]` basis points of the unit stake, divided by `divisor` (i-box).
 */
export interface Win {
  tier: string;
  count: bigint;
  divisor: bigint;
}

/** Odds in basis points (10_000 = 1x, stake included) per prize mode and prize tier. */
export type OddsTable = Record<PrizeMode, Record<string, bigint>>;

export interface PlayType {
  /** The wire `playId`. */
  id: number;
  code: string;
  family: GameFamily;
  /** Parses and validates the `balls` field; returns a reason (never throws) when it is malformed. */
  parse(balls: string): Selection | { reason: string };
  /** Number of combinations the selection buys (the stake is unit x combinations x multiple). */
  combinations(selection: Selection): bigint;
  /** The winning outcomes of the selection against a draw (empty when it loses). */
  wins(selection: Selection, draw: Draw): Win[];
  odds: OddsTable;
}

export const BP = 10_000n;
