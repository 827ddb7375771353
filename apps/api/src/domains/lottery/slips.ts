/**
 * How an order's slips and a numero's result are kept and read back: slips as priced at placement
 * (canonical balls, unit, multiple, combinations, amount), results as the engine's Draw, and the
 * payout of an order against a draw with the odds the order was placed at.
 */
import type { LotteryResult } from '@lotus/contracts/lottery';
import {
  BP,
  type Draw,
  isRefusal,
  type ParsedSlip,
  type PlayType,
  playTypeById,
  type Selection,
  type Win,
} from './engine/index.ts';
import type { OddsSnapshot, ResultRow, SlipRow } from './lottery.tables.ts';

export function canonicalBalls(selection: Selection): string {
  return selection.map((position) => position.join(',')).join('|');
}

/** A parsed slip as an order keeps it, its multiple (and amount) times a chase step's `factor`. */
export function slipRowOf(slip: ParsedSlip, factor = 1n): SlipRow {
  return {
    playId: slip.playType.id,
    balls: canonicalBalls(slip.selection),
    mode: slip.mode,
    series: slip.series,
    multiple: (slip.multiple * factor).toString(),
    unit: slip.unitStake.toString(),
    combinations: slip.combinations.toString(),
    amount: (slip.amount * factor).toString(),
  };
}

export function toDraw(result: ResultRow): Draw {
  return result as Draw;
}

export function toResultRow(draw: Draw): ResultRow {
  if (draw.kind === 'digits') return { kind: 'digits', digits: [...draw.digits] };
  if (draw.kind === 'dice') return { kind: 'dice', dice: [...draw.dice] };
  if (draw.kind === 'vn')
    return { kind: 'vn', region: draw.region, prizes: draw.prizes.map((p) => ({ ...p })) };
  return { kind: 'sea4d', prizes: draw.prizes.map((p) => ({ ...p })) };
}

export function toWireResult(result: ResultRow | null): LotteryResult | null {
  if (!result) return null;
  if (result.kind === 'digits') return { kind: 'digits', balls: result.digits.map(String), prizes: [] };
  if (result.kind === 'dice') return { kind: 'dice', balls: result.dice.map(String), prizes: [] };
  return {
    kind: result.kind,
    balls: [],
    prizes: result.prizes.map((p) => ({ tier: p.tier, number: p.number })),
  };
}

/**
 * Settles orders against one draw. Selections and their wins depend only on (play, balls), so they
 * are computed once per distinct slip of a numero (most orders share popular picks) and each order
 * then costs a few multiplications.
 */
export class DrawSettler {
  readonly #draw: Draw;
  readonly #wins = new Map<string, { playType: PlayType; wins: Win[] }>();

  constructor(draw: Draw) {
    this.#draw = draw;
  }

  #slip(row: SlipRow): { playType: PlayType; wins: Win[] } {
    const key = `${row.playId}~${row.balls}`;
    let hit = this.#wins.get(key);
    if (!hit) {
      const playType = playTypeById(row.playId);
      if (!playType) throw new Error(`lottery: unknown play ${row.playId}`);
      const selection: Selection | { reason: string } = playType.parse(row.balls);
      if (isRefusal(selection)) throw new Error(`lottery: stored slip does not parse (${selection.reason})`);
      hit = { playType, wins: playType.wins(selection, this.#draw) };
      if (this.#wins.size > 50_000) this.#wins.clear();
      this.#wins.set(key, hit);
    }
    return hit;
  }

  /**
   * The payout of each slip with the order's odds snapshot: each win pays stake x count x odds /
   * (10_000 x divisor), floored per tier, as the engine's payoutWithOdds.
   */
  slipPayouts(slips: readonly SlipRow[], odds: OddsSnapshot): bigint[] {
    return slips.map((row) => {
      const { playType, wins } = this.#slip(row);
      if (wins.length === 0) return 0n;
      const table = odds[String(row.playId)] ?? {};
      const stake = BigInt(row.unit) * BigInt(row.multiple);
      let total = 0n;
      for (const win of wins) {
        const tierOdds = table[win.tier];
        if (tierOdds === undefined) throw new Error(`lottery: no odds for ${playType.code} ${win.tier}`);
        total += (stake * win.count * BigInt(tierOdds)) / (BP * win.divisor);
      }
      return total;
    });
  }

  payout(slips: readonly SlipRow[], odds: OddsSnapshot): bigint {
    return this.slipPayouts(slips, odds).reduce((a, b) => a + b, 0n);
  }
}
