import type { GameDef, SymbolKind, Win } from './types.ts';

/**
 * The one evaluator of every slot game. Games are compiled once into typed arrays because the math
 * sheet runs the evaluator over every reel-stop combination (tens of millions of screens): the hot path
 * allocates nothing unless the caller asks for the list of wins.
 */

const KIND_CODE: Record<SymbolKind, number> = { regular: 0, wild: 1, scatter: 2 };

export interface CompiledGame {
  def: GameDef;
  reels: number;
  rows: number;
  symbolIds: readonly string[];
  /** KIND_CODE per symbol index. */
  kinds: Uint8Array;
  wild: number;
  scatter: number;
  /** Symbol indices per reel strip. */
  strips: readonly Uint8Array[];
  /** Coins by `symbol * (reels + 1) + count`. */
  pay: Int32Array;
  /** Scatter coins by scatter count (0 .. reels * rows). */
  scatterPay: Int32Array;
  /** Rows per reel of each pay line (empty for ways games). */
  lines: readonly Uint8Array[];
  /** The same lines flattened to screen cell indices (`line * reels + reel`), for the hot loop. */
  lineCells: Uint8Array;
  /** Regular symbols that pay something (ways games only need to try these). */
  paying: Uint8Array;
}

export function compile(def: GameDef): CompiledGame {
  const symbolIds = def.symbols.map((symbol) => symbol.id);
  const indexOf = (id: string): number => {
    const index = symbolIds.indexOf(id);
    if (index < 0) throw new Error(`${def.id}: unknown symbol ${id}`);
    return index;
  };
  const reels = def.strips.length;
  // Money stays exact only with whole coins and whole minor units (see types.ts).
  if (!Number.isSafeInteger(def.costCoins) || def.costCoins < 1)
    throw new Error(`${def.id}: cost must be whole coins`);
  if (
    def.coinValues.length === 0 ||
    def.coinValues.some((value) => !Number.isSafeInteger(value) || value < 1)
  ) {
    throw new Error(`${def.id}: coin values must be positive whole minor units`);
  }
  const strips = def.strips.map((strip) => Uint8Array.from(strip.trim().split(/\s+/), indexOf));
  if (strips.some((strip) => strip.length < def.rows))
    throw new Error(`${def.id}: a strip is shorter than the window`);
  const kinds = Uint8Array.from(def.symbols, (symbol) => KIND_CODE[symbol.kind]);
  const wild = kinds.indexOf(KIND_CODE.wild);
  const scatter = kinds.indexOf(KIND_CODE.scatter);
  const pay = new Int32Array(symbolIds.length * (reels + 1));
  const scatterPay = new Int32Array(reels * def.rows + 1);
  for (const [id, byCount] of Object.entries(def.pays)) {
    const symbol = indexOf(id);
    for (const [count, coins] of Object.entries(byCount)) {
      if (!Number.isSafeInteger(coins) || coins < 0)
        throw new Error(`${def.id}: pay of ${id} must be whole coins`);
      if (symbol === scatter) scatterPay[Number(count)] = coins;
      else pay[symbol * (reels + 1) + Number(count)] = coins;
    }
  }
  const lines = def.rule.kind === 'lines' ? def.rule.lines.map((line) => Uint8Array.from(line)) : [];
  if (lines.some((line) => line.length !== reels || line.some((row) => row >= def.rows))) {
    throw new Error(`${def.id}: a pay line does not fit the screen`);
  }
  const lineCells = Uint8Array.from(
    lines.flatMap((line) => Array.from(line, (row, reel) => reel * def.rows + row)),
  );
  const paying = Uint8Array.from(
    symbolIds.flatMap((_, symbol) =>
      kinds[symbol] === KIND_CODE.regular &&
      pay.subarray(symbol * (reels + 1), (symbol + 1) * (reels + 1)).some(Boolean)
        ? [symbol]
        : [],
    ),
  );
  return {
    def,
    reels,
    rows: def.rows,
    symbolIds,
    kinds,
    wild,
    scatter,
    strips,
    pay,
    scatterPay,
    lines,
    lineCells,
    paying,
  };
}

/**
 * Fills `screen` (column-major: `screen[reel * rows + row]`) with the symbols shown when reel r stops
 * with strip position `stops[r]` on the top row.
 */
export function fillScreen(game: CompiledGame, stops: ArrayLike<number>, screen: Uint8Array): Uint8Array {
  for (let reel = 0; reel < game.reels; reel++) fillColumn(game, reel, stops[reel]!, screen);
  return screen;
}

export function fillColumn(game: CompiledGame, reel: number, stop: number, screen: Uint8Array): void {
  const strip = game.strips[reel]!;
  for (let row = 0; row < game.rows; row++)
    screen[reel * game.rows + row] = strip[(stop + row) % strip.length]!;
}

export function countScatters(game: CompiledGame, screen: Uint8Array): number {
  if (game.scatter < 0) return 0;
  let count = 0;
  for (let cell = 0; cell < screen.length; cell++) if (screen[cell] === game.scatter) count++;
  return count;
}

/**
 * Coins a screen pays (line or ways wins plus the scatter pay), before any free-spins multiplier. When
 * `wins` is given, each win is appended to it.
 */
export function evaluate(game: CompiledGame, screen: Uint8Array, wins?: Win[]): number {
  let coins = game.lines.length > 0 ? evaluateLines(game, screen, wins) : evaluateWays(game, screen, wins);
  if (game.scatter >= 0) {
    const scatters = countScatters(game, screen);
    const scatterCoins = game.scatterPay[scatters]!;
    if (scatterCoins > 0) {
      coins += scatterCoins;
      wins?.push({
        kind: 'scatter',
        symbol: game.symbolIds[game.scatter]!,
        count: scatters,
        coins: scatterCoins,
      });
    }
  }
  return coins;
}

/**
 * Each line pays its best of: the first non-wild symbol (wilds substitute for it) counted over
 * consecutive reels from the left, or the leading wilds on their own. A scatter ends a line.
 */
function evaluateLines(game: CompiledGame, screen: Uint8Array, wins: Win[] | undefined): number {
  const { reels, wild, kinds, pay, lineCells } = game;
  const stride = reels + 1;
  const wildBase = wild * stride;
  let total = 0;
  for (let index = 0, cell = 0; index < game.lines.length; index++, cell += reels) {
    let symbol = -1;
    let count = 0;
    let leadingWilds = 0;
    for (let reel = 0; reel < reels; reel++) {
      const shown = screen[lineCells[cell + reel]!]!;
      if (shown === wild) {
        count++;
        if (symbol < 0) leadingWilds++;
      } else if (symbol < 0) {
        // A scatter ends the line; any other symbol is the one the line pays for.
        if (kinds[shown] === KIND_CODE.scatter) break;
        symbol = shown;
        count++;
      } else if (shown === symbol) {
        count++;
      } else {
        break;
      }
    }
    const symbolCoins = symbol >= 0 ? pay[symbol * stride + count]! : 0;
    const wildCoins = wild >= 0 ? pay[wildBase + leadingWilds]! : 0;
    const coins = symbolCoins > wildCoins ? symbolCoins : wildCoins;
    if (coins > 0) {
      total += coins;
      const byWilds = wildCoins > symbolCoins;
      wins?.push({
        kind: 'line',
        symbol: game.symbolIds[byWilds ? wild : symbol]!,
        count: byWilds ? leadingWilds : count,
        coins,
        line: index,
      });
    }
  }
  return total;
}

/** Every paying symbol: product over consecutive reels from the left of its cells (wilds included). */
function evaluateWays(game: CompiledGame, screen: Uint8Array, wins: Win[] | undefined): number {
  const { reels, rows, wild, pay } = game;
  let total = 0;
  for (let index = 0; index < game.paying.length; index++) {
    const symbol = game.paying[index]!;
    let ways = 1;
    let reel = 0;
    for (; reel < reels; reel++) {
      let cells = 0;
      for (let row = 0; row < rows; row++) {
        const shown = screen[reel * rows + row];
        if (shown === symbol || shown === wild) cells++;
      }
      if (cells === 0) break;
      ways *= cells;
    }
    const coins = pay[symbol * (reels + 1) + reel]! * ways;
    if (coins > 0) {
      total += coins;
      wins?.push({ kind: 'ways', symbol: game.symbolIds[symbol]!, count: reel, coins, ways });
    }
  }
  return total;
}
