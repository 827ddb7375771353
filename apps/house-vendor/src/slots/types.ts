/**
 * A slot game is data: symbols, reel strips, a pay table, how wins are counted (lines or ways), the
 * scatter and the free-spins feature, and the bet levels. One evaluator (evaluator.ts) and one round
 * driver (round.ts) play every game; math.ts derives each game's math sheet from the same data.
 *
 * Money: every pay is an integer number of coins, and a coin is worth one of the game's coin values (an
 * integer number of minor units). The total bet is `costCoins` coins, so stake and payout are integers
 * without any rounding, and the RTP is a ratio of integers (exact).
 */

export type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SymbolDef {
  /** Short id used in strips and pay tables. */
  id: string;
  kind: SymbolKind;
  /** English display name; the front end translates by id. */
  name: string;
}

/** Left-to-right pay lines: `lines[i][reel]` is the row (0 = top) line i crosses on that reel. */
export interface LinesRule {
  kind: 'lines';
  lines: readonly (readonly number[])[];
}

/**
 * All ways: a symbol pays when it (or a wild) shows anywhere on consecutive reels from the leftmost;
 * the pay is multiplied by the product of its counts per reel (3^5 = 243 ways on a 5x3 screen).
 */
export interface WaysRule {
  kind: 'ways';
}

/**
 * The free-spins feature. `trigger` or more scatters anywhere award `spins` free spins played on the
 * same strips at no cost, every win multiplied by `multiplier`; during free spins the same trigger adds
 * `retrigger` spins (unbounded, so the expected number of spins is a geometric series).
 */
export interface FreeSpinsRule {
  trigger: number;
  spins: number;
  retrigger: number;
  multiplier: number;
}

export interface GameDef {
  id: string;
  name: string;
  rows: number;
  symbols: readonly SymbolDef[];
  /** One strip per reel: symbol ids separated by spaces, top to bottom, wrapping around. */
  strips: readonly string[];
  /**
   * Coins paid per line (or per way) by symbol and count of consecutive reels from the left; for the
   * scatter, coins paid by count anywhere on the screen (in addition to line or ways wins).
   */
  pays: Readonly<Record<string, Readonly<Record<number, number>>>>;
  rule: LinesRule | WaysRule;
  /** Coins one spin costs: the number of lines for a line game (one coin per line), a fixed amount for ways. */
  costCoins: number;
  /** Allowed coin values in minor units (a line game's line bet); total bet = coin value x costCoins. */
  coinValues: readonly number[];
  freeSpins?: FreeSpinsRule;
}

/** One win of a spin, in coins before the free-spins multiplier. */
export interface Win {
  kind: 'line' | 'ways' | 'scatter';
  symbol: string;
  /** Reels matched (line, ways) or scatters on screen. */
  count: number;
  coins: number;
  /** Index of the pay line (line wins). */
  line?: number;
  /** Number of ways (ways wins). */
  ways?: number;
}
