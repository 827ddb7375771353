/**
 * Provably fair platform draws. When a numero opens, the platform publishes SHA-256(seed) (hex of the
 * UTF-8 of the seed's 64-hex-character string); the seed is revealed with the result, and anyone can
 * recompute the draw:
 *
 *   block(cursor) = HMAC-SHA256(key = UTF-8 of the seed string, message = `${gameCode}:${numero}:${cursor}`)
 *
 * Each 32-byte block is read as eight big-endian unsigned 32-bit integers; the cursor starts at 0 and
 * goes up by one when a block is used up. An integer in [0, n) uses rejection sampling: with
 * limit = 2^32 - (2^32 mod n), a value u < limit gives u mod n, a value u >= limit is discarded and the
 * next one is read (no modulo bias). The draw then takes, in order:
 * - five-digit games: five integers in [0, 10), positions 0..4;
 * - dice: three integers in [0, 6), plus one each;
 * - VN: one integer in [0, 10^width) per prize, in the prize table's order (special first);
 * - SEA 4D: integers in [0, 10000) in prize order (1st, 2nd, 3rd, starters, consolations), a number
 *   already drawn being discarded and redrawn so the 23 numbers are distinct.
 * gameCode and numero are printable ASCII without `:` so the message cannot be ambiguous.
 */
import { createHash, createHmac } from 'node:crypto';
import { SEA4D_PRIZES } from './sea4d.ts';
import type { Draw, PrizeNumber } from './types.ts';
import { VN_NORTH_PRIZES, VN_SOUTH_PRIZES, type VnPrizeSlot } from './vn.ts';

const SEED = /^[0-9a-f]{64}$/;
const LABEL = /^[\x21-\x39\x3b-\x7e]{1,64}$/;
const TWO_32 = 2 ** 32;

export function seedHash(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

/** True when the revealed seed is the one whose hash was published. */
export function seedMatchesHash(seed: string, publishedHash: string): boolean {
  return SEED.test(seed) && seedHash(seed) === publishedHash.toLowerCase();
}

export class DrawStream {
  readonly #seed: string;
  readonly #prefix: string;
  #cursor = 0;
  #block: Buffer | undefined;
  #offset = 32;

  constructor(seed: string, gameCode: string, numero: string) {
    if (!SEED.test(seed)) throw new RangeError('the seed must be 64 lowercase hex characters');
    if (!LABEL.test(gameCode) || !LABEL.test(numero))
      throw new RangeError('gameCode and numero must be printable ASCII without ":"');
    this.#seed = seed;
    this.#prefix = `${gameCode}:${numero}:`;
  }

  nextUint32(): number {
    if (this.#offset >= 32) {
      this.#block = createHmac('sha256', this.#seed)
        .update(`${this.#prefix}${this.#cursor}`, 'utf8')
        .digest();
      this.#cursor++;
      this.#offset = 0;
    }
    const value = (this.#block as Buffer).readUInt32BE(this.#offset);
    this.#offset += 4;
    return value;
  }

  /** A uniform integer in [0, n) by rejection sampling. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`range must be 1..2^32, got ${n}`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const u = this.nextUint32();
      if (u < limit) return u % n;
    }
  }
}

export function drawDigits(seed: string, gameCode: string, numero: string): Draw {
  const stream = new DrawStream(seed, gameCode, numero);
  return { kind: 'digits', digits: Array.from({ length: 5 }, () => stream.int(10)) };
}

export function drawDice(seed: string, gameCode: string, numero: string): Draw {
  const stream = new DrawStream(seed, gameCode, numero);
  return { kind: 'dice', dice: Array.from({ length: 3 }, () => stream.int(6) + 1) };
}

function drawTable(stream: DrawStream, table: readonly VnPrizeSlot[]): PrizeNumber[] {
  return table.map((slot) => ({
    tier: slot.tier,
    number: String(stream.int(10 ** slot.width)).padStart(slot.width, '0'),
  }));
}

export function drawVn(seed: string, gameCode: string, numero: string, region: 'north' | 'south'): Draw {
  const stream = new DrawStream(seed, gameCode, numero);
  return {
    kind: 'vn',
    region,
    prizes: drawTable(stream, region === 'north' ? VN_NORTH_PRIZES : VN_SOUTH_PRIZES),
  };
}

export function drawSea4d(seed: string, gameCode: string, numero: string): Draw {
  const stream = new DrawStream(seed, gameCode, numero);
  const seen = new Set<number>();
  const prizes = SEA4D_PRIZES.map((tier) => {
    let value = stream.int(10_000);
    while (seen.has(value)) value = stream.int(10_000);
    seen.add(value);
    return { tier, number: String(value).padStart(4, '0') };
  });
  return { kind: 'sea4d', prizes };
}
