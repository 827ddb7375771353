/**
 * From a member's cart to priced slips: the engine's parser with the game's family and limits, the
 * prize mode, the brand's odds (kept with the order), the stake limits per slip and per order, and
 * the house's liability per number that the order adds.
 */

import type { ErrorCode } from '@lotus/contracts/errors';
import { type BetRefusal, LOTTERY_RULES, type LotteryPrizeMode } from '@lotus/contracts/lottery';
import { parseAmount } from '@lotus/contracts/money';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import {
  BP,
  isRefusal,
  MAX_AMOUNT,
  outcomesOf,
  type ParsedCart,
  type PlayType,
  parseCart,
  playTypeById,
  SlipError,
} from './engine/index.ts';
import {
  type BrandLottery,
  type LotteryGameConfig,
  limitsOf,
  oddsSnapshot,
  prizeModeOf,
} from './game.service.ts';
import type { OddsSnapshot, SlipRow } from './lottery.tables.ts';
import type { ExposureDelta } from './numero.repository.ts';
import { slipRowOf } from './slips.ts';

/** A refusal of a bet with where and why (the answer's `value`). */
export function refused(code: ErrorCode, slipIndex: number | null, reason: string, detail = ''): AppError {
  const value: BetRefusal = { slipIndex, reason, detail };
  return new AppError(code, { value });
}

export type PricedCart = {
  prizeMode: LotteryPrizeMode;
  cart: ParsedCart;
  odds: OddsSnapshot;
};

/** Parses and prices a cart: the first bad slip refuses it all (lottery_slip_invalid with its position). */
export function priceCart(
  config: BrandLottery,
  game: LotteryGameConfig,
  brand: { currency: string; prizeModes: string[] },
  body: { prizeModeId: string; betCartAmountSum: string; bettingSlipString: string },
): PricedCart {
  const prizeMode = prizeModeOf(body.prizeModeId);
  const brandModes = brand.prizeModes.map((m) => m.toUpperCase());
  if (!prizeMode || !game.prizeModes.includes(prizeMode) || !brandModes.includes(prizeMode)) {
    throw new AppError('lottery_prize_mode_invalid');
  }
  const declared = parseAmount(body.betCartAmountSum, brand.currency);
  if (declared === null || declared <= 0n) throw refused('lottery_slip_invalid', null, 'bad-total');
  let cart: ParsedCart;
  try {
    cart = parseCart(body.bettingSlipString, declared, {
      family: game.family,
      maxSlips: LOTTERY_RULES.maxSlipsPerCart,
      maxLength: LOTTERY_RULES.maxSlipStringLength,
      maxTotal: MAX_AMOUNT,
    });
  } catch (error) {
    if (!(error instanceof SlipError)) throw error;
    const code = error.reason === 'total-mismatch' ? 'lottery_cart_total_mismatch' : 'lottery_slip_invalid';
    throw refused(code, error.slipIndex, error.reason, error.detail);
  }
  const playTypes = [...new Map(cart.slips.map((s) => [s.playType.id, s.playType])).values()];
  return { prizeMode, cart, odds: oddsSnapshot(config, prizeMode, playTypes) };
}

/** The slips as an order keeps them, at a chase step's `factor` (1 for a plain order). */
export function slipRows(cart: ParsedCart, factor = 1n): SlipRow[] {
  return cart.slips.map((slip) => slipRowOf(slip, factor));
}

/** Stake limits of the game at `factor`: each slip within its play type's range, the order within the game's. */
export function checkLimits(
  config: BrandLottery,
  game: LotteryGameConfig,
  cart: ParsedCart,
  factor = 1n,
): void {
  for (const slip of cart.slips) {
    const limits = limitsOf(config, game.id, slip.playType.id);
    const amount = slip.amount * factor;
    if (amount < limits.minSlip)
      throw refused('lottery_amount_below_minimum', slip.index, 'below-minimum', limits.minSlip.toString());
    if (amount > limits.maxSlip)
      throw refused('lottery_amount_above_maximum', slip.index, 'above-maximum', limits.maxSlip.toString());
  }
  const maxOrder = limitsOf(config, game.id, 0).maxOrder;
  if (cart.total * factor > maxOrder)
    throw refused('lottery_amount_above_maximum', null, 'above-maximum', maxOrder.toString());
}

function playOf(row: SlipRow): PlayType {
  const playType = playTypeById(row.playId);
  if (!playType) throw new Error(`lottery: unknown play ${row.playId}`);
  return playType;
}

export type Exposure = { deltas: ExposureDelta[]; slipOf: Map<string, number> };

/**
 * What an order adds to the house's liability per number (engine/exposure.ts), with the cap of each
 * number (the play type's limit) and the first slip that bets on it (for the refusal).
 */
export function exposureOf(
  config: BrandLottery,
  game: LotteryGameConfig,
  slips: readonly SlipRow[],
  odds: OddsSnapshot,
): Exposure {
  const byKey = new Map<string, ExposureDelta>();
  const slipOf = new Map<string, number>();
  slips.forEach((row, index) => {
    const playType = playOf(row);
    const selection = playType.parse(row.balls);
    if (isRefusal(selection)) throw new Error(`lottery: stored slip does not parse (${selection.reason})`);
    const stake = BigInt(row.unit) * BigInt(row.multiple);
    const table = odds[String(row.playId)] ?? {};
    const cap = limitsOf(config, game.id, row.playId).numberCap;
    for (const outcome of outcomesOf(playType, selection)) {
      const tierOdds = table[outcome.tier];
      if (tierOdds === undefined) throw new Error(`lottery: no odds for ${playType.code} ${outcome.tier}`);
      const key = `${row.playId}:${outcome.number}`;
      const delta = byKey.get(key) ?? { key, liability: 0n, stake: 0n, cap };
      delta.liability += (stake * BigInt(tierOdds)) / (BP * outcome.divisor);
      delta.stake += stake / outcome.divisor;
      byKey.set(key, delta);
      if (!slipOf.has(key)) slipOf.set(key, index);
    }
  });
  return { deltas: [...byKey.values()], slipOf };
}

/** The refusal of an order that would take the house's liability on a number over its cap. */
export function capRefusal(exposure: Exposure, key: string): AppError {
  return refused('lottery_liability_cap', exposure.slipOf.get(key) ?? null, 'liability-cap', key);
}

/** A key over its cap on this order alone (nothing to ask the database then). */
export function overCapAlone(exposure: Exposure): string | null {
  return exposure.deltas.find((d) => d.liability > d.cap)?.key ?? null;
}

/** The fingerprint of a bet request: the same request id with other content is a mismatch. */
export function betFingerprint(body: {
  gameId: string;
  currentNumero: string;
  betCartAmountSum: string;
  prizeModeId: string;
  bettingSlipString: string;
  winningStop: boolean;
  abandoning: boolean;
  chase?: unknown;
}): string {
  return sha256Hex(
    JSON.stringify([
      body.gameId,
      body.currentNumero,
      body.betCartAmountSum,
      body.prizeModeId.toUpperCase(),
      body.bettingSlipString,
      body.chase ? [body.winningStop, body.abandoning, body.chase] : null,
    ]),
  );
}
