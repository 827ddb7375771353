import type { GameDef } from './types.ts';

/**
 * Money of a spin, in integer minor units (bigint like the platform's money rules). A coin is worth one
 * of the game's coin values and every pay is whole coins, so stake and payout are exact products: no
 * rounding rule is needed and the RTP of the math sheet is exactly what players get.
 */

export function isAllowedCoinValue(game: GameDef, coinValue: number): boolean {
  return game.coinValues.includes(coinValue);
}

/** Total bet of one paid spin; refuses a coin value the game does not offer. */
export function stakeMinor(game: GameDef, coinValue: number): bigint {
  if (!isAllowedCoinValue(game, coinValue))
    throw new RangeError(`${game.id}: bet level ${coinValue} is not offered`);
  return BigInt(game.costCoins) * BigInt(coinValue);
}

/** Payout of a round that won `coins` coins at `coinValue`. */
export function payoutMinor(game: GameDef, coins: number, coinValue: number): bigint {
  if (!Number.isSafeInteger(coins) || coins < 0) throw new RangeError('coins must be a natural number');
  if (!isAllowedCoinValue(game, coinValue))
    throw new RangeError(`${game.id}: bet level ${coinValue} is not offered`);
  return BigInt(coins) * BigInt(coinValue);
}
