import type { GameDef } from '../types.ts';

/**
 * An independent recomputation of a game's RTP for the tests, from the raw data and by a different
 * method than math.ts (which runs the evaluator over every screen). Reels stop independently, so:
 * - a pay line sees one uniformly chosen cell per reel: its expected pay is a sum over symbol tuples
 *   weighted by the symbol counts on each strip, and every line has the same expectation;
 * - a ways symbol with per-reel cell counts c_r (symbol or wild in the window) pays
 *   sum_k pay(k) * E[c_1] ... E[c_k] * P(c_{k+1} = 0);
 * - the scatter count is the convolution of the per-reel scatter counts.
 * Then RTP = (E[X] + p * N * m * E[X] / (1 - pR)) / cost, all in exact BigInt fractions.
 */

type Q = [bigint, bigint];

const add = (a: Q, b: Q): Q => [a[0] * b[1] + b[0] * a[1], a[1] * b[1]];
const mul = (a: Q, b: Q): Q => [a[0] * b[0], a[1] * b[1]];
const sub = (a: Q, b: Q): Q => [a[0] * b[1] - b[0] * a[1], a[1] * b[1]];
const div = (a: Q, b: Q): Q => [a[0] * b[1], a[1] * b[0]];
const q = (n: number | bigint, d: number | bigint = 1): Q => [BigInt(n), BigInt(d)];

/** Returns [numerator, denominator] (not reduced). */
export function marginalRtp(def: GameDef): Q {
  const strips = def.strips.map((strip) => strip.trim().split(/\s+/));
  const kind = new Map(def.symbols.map((symbol) => [symbol.id, symbol.kind]));
  const wild = def.symbols.find((symbol) => symbol.kind === 'wild')?.id;
  const scatter = def.symbols.find((symbol) => symbol.kind === 'scatter')?.id;
  const pay = (symbol: string, count: number): number => def.pays[symbol]?.[count] ?? 0;
  const windowAt = (strip: string[], stop: number) =>
    Array.from({ length: def.rows }, (_, row) => strip[(stop + row) % strip.length]!);
  let meanX: Q = q(0);

  if (def.rule.kind === 'lines') {
    // Sum over every tuple of one cell per reel, weight = product of counts.
    const counts = strips.map((strip) => {
      const map = new Map<string, number>();
      for (const symbol of strip) map.set(symbol, (map.get(symbol) ?? 0) + 1);
      return [...map.entries()];
    });
    let weighted = 0n;
    const walk = (reel: number, tuple: string[], weight: bigint) => {
      if (reel === strips.length) {
        weighted += weight * BigInt(linePay(tuple));
        return;
      }
      for (const [symbol, count] of counts[reel]!) walk(reel + 1, [...tuple, symbol], weight * BigInt(count));
    };
    const linePay = (tuple: string[]): number => {
      let leading = 0;
      while (leading < tuple.length && tuple[leading] === wild) leading++;
      const first = tuple[leading];
      let symbolPay = 0;
      if (first !== undefined && kind.get(first) === 'regular') {
        let count = leading;
        while (count < tuple.length && (tuple[count] === first || tuple[count] === wild)) count++;
        symbolPay = pay(first, count);
      }
      return Math.max(symbolPay, wild === undefined ? 0 : pay(wild, leading));
    };
    walk(0, [], 1n);
    const cells = strips.reduce((product, strip) => product * BigInt(strip.length), 1n);
    meanX = q(weighted * BigInt(def.rule.lines.length), cells);
  } else {
    for (const symbol of def.symbols) {
      if (symbol.kind !== 'regular') continue;
      let reach: Q = q(1); // E[c_1 ... c_k] so far
      for (let reel = 0; reel < strips.length; reel++) {
        const strip = strips[reel]!;
        let sum = 0;
        let zero = 0;
        for (let stop = 0; stop < strip.length; stop++) {
          const cells = windowAt(strip, stop).filter((shown) => shown === symbol.id || shown === wild).length;
          sum += cells;
          if (cells === 0) zero++;
        }
        // Ways end here with `reel` reels matched.
        meanX = add(meanX, mul(mul(reach, q(zero, strip.length)), q(pay(symbol.id, reel))));
        reach = mul(reach, q(sum, strip.length));
      }
      meanX = add(meanX, mul(reach, q(pay(symbol.id, strips.length))));
    }
  }

  let p: Q = q(0);
  if (scatter !== undefined) {
    let distribution: Q[] = [q(1)];
    for (const strip of strips) {
      const perReel = new Array<number>(def.rows + 1).fill(0);
      for (let stop = 0; stop < strip.length; stop++) {
        perReel[windowAt(strip, stop).filter((shown) => shown === scatter).length]! += 1;
      }
      const next: Q[] = Array.from({ length: distribution.length + def.rows }, () => q(0));
      distribution.forEach((probability, have) => {
        perReel.forEach((ways, more) => {
          next[have + more] = add(next[have + more]!, mul(probability, q(ways, strip.length)));
        });
      });
      distribution = next;
    }
    distribution.forEach((probability, count) => {
      meanX = add(meanX, mul(probability, q(pay(scatter, count))));
      if (def.freeSpins && count >= def.freeSpins.trigger) p = add(p, probability);
    });
  }

  let meanY = meanX;
  if (def.freeSpins) {
    const { spins, retrigger, multiplier } = def.freeSpins;
    const perFreeSpin = div(mul(q(multiplier), meanX), sub(q(1), mul(p, q(retrigger))));
    meanY = add(meanX, mul(mul(p, q(spins)), perFreeSpin));
  }
  return div(meanY, q(def.costCoins));
}
