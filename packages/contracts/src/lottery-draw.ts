/**
 * The provably fair draw of the platform's lottery, shared by the server (which draws) and the
 * browser (which checks a drawn numero from its revealed seed). Schema-free and free of Node and DOM
 * types: the server feeds it HMAC blocks from `node:crypto`, the browser from Web Crypto
 * (`recomputeDraw`), and a test proves both give the same draws.
 *
 * When a numero opens, the platform publishes SHA-256(seed) (hex of the UTF-8 of the seed's
 * 64-hex-character string); the seed is revealed with the result, and anyone can recompute the draw:
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
import {
  type DrawFamily,
  SEA4D_PRIZES,
  VN_NORTH_PRIZES,
  VN_SOUTH_PRIZES,
  type VnPrizeSlot,
} from './lottery-tables.ts';

export type { DrawFamily };

export const DRAW_ALGORITHM =
  'SHA-256(seed) is published when the numero opens; the seed is revealed with the result. ' +
  'block(cursor) = HMAC-SHA256(key = seed, message = gameCode:numero:cursor), read as big-endian ' +
  'uint32 values, cursor from 0; an integer in [0, n) takes u mod n for u < 2^32 - (2^32 mod n) and ' +
  'discards larger u. Digits: 5 integers in [0, 10); dice: 3 in [0, 6) plus one; VN: one in ' +
  '[0, 10^width) per prize in table order; 4D: 23 distinct integers in [0, 10000) in prize order.';

/** One prize number of a VN or 4D draw, with its tier (`special`, `first`, ..., `starter`). */
export interface PrizeNumber {
  tier: string;
  number: string;
}

export type Draw =
  | { kind: 'digits'; digits: readonly number[] }
  | { kind: 'dice'; dice: readonly number[] }
  | { kind: 'vn'; region: 'north' | 'south'; prizes: readonly PrizeNumber[] }
  | { kind: 'sea4d'; prizes: readonly PrizeNumber[] };

/** A draw as the wire's `LotteryResult` carries it (lottery.ts): balls as strings, or prizes. */
export type WireResult = {
  kind: 'digits' | 'dice' | 'vn' | 'sea4d';
  balls: string[];
  prizes: { tier: string; number: string }[];
};

const SEED = /^[0-9a-f]{64}$/;
const LABEL = /^[\x21-\x39\x3b-\x7e]{1,64}$/;
const TWO_32 = 2 ** 32;
const BLOCK_BYTES = 32;

/** Refuses a seed or label the derivation does not take (a RangeError). */
export function checkDrawInputs(seed: string, gameCode: string, numero: string): void {
  if (!SEED.test(seed)) throw new RangeError('the seed must be 64 lowercase hex characters');
  if (!LABEL.test(gameCode) || !LABEL.test(numero))
    throw new RangeError('gameCode and numero must be printable ASCII without ":"');
}

export function isSeed(seed: string): boolean {
  return SEED.test(seed);
}

/** The HMAC message of block `cursor`. */
export function blockMessage(gameCode: string, numero: string, cursor: number): string {
  return `${gameCode}:${numero}:${cursor}`;
}

/** block(cursor): the 32 bytes of HMAC-SHA256(seed, gameCode:numero:cursor). */
export type BlockSource = (cursor: number) => Uint8Array;

/** The stream of uniform integers read from the blocks. */
export class BlockStream {
  readonly #blocks: BlockSource;
  #cursor = 0;
  #block: Uint8Array = new Uint8Array(0);
  #offset = BLOCK_BYTES;

  constructor(blocks: BlockSource) {
    this.#blocks = blocks;
  }

  nextUint32(): number {
    if (this.#offset >= BLOCK_BYTES) {
      this.#block = this.#blocks(this.#cursor);
      if (this.#block.length !== BLOCK_BYTES) throw new RangeError('a block is 32 bytes');
      this.#cursor++;
      this.#offset = 0;
    }
    const b = this.#block;
    const o = this.#offset;
    this.#offset += 4;
    return (
      (b[o] as number) * 0x1000000 +
      (((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number))
    );
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

function drawTable(stream: BlockStream, table: readonly VnPrizeSlot[]): PrizeNumber[] {
  return table.map((slot) => ({
    tier: slot.tier,
    number: String(stream.int(10 ** slot.width)).padStart(slot.width, '0'),
  }));
}

/** The draw of a family from a stream (the derivation above, after the blocks). */
export function drawFrom(family: DrawFamily, stream: BlockStream): Draw {
  switch (family) {
    case 'digits':
      return { kind: 'digits', digits: Array.from({ length: 5 }, () => stream.int(10)) };
    case 'dice':
      return { kind: 'dice', dice: Array.from({ length: 3 }, () => stream.int(6) + 1) };
    case 'vn-north':
      return { kind: 'vn', region: 'north', prizes: drawTable(stream, VN_NORTH_PRIZES) };
    case 'vn-south':
      return { kind: 'vn', region: 'south', prizes: drawTable(stream, VN_SOUTH_PRIZES) };
    default: {
      const seen = new Set<number>();
      const prizes = SEA4D_PRIZES.map((tier) => {
        let value = stream.int(10_000);
        while (seen.has(value)) value = stream.int(10_000);
        seen.add(value);
        return { tier, number: String(value).padStart(4, '0') };
      });
      return { kind: 'sea4d', prizes };
    }
  }
}

/** A draw as the wire's result. */
export function wireResultOf(draw: Draw): WireResult {
  if (draw.kind === 'digits') return { kind: 'digits', balls: draw.digits.map(String), prizes: [] };
  if (draw.kind === 'dice') return { kind: 'dice', balls: draw.dice.map(String), prizes: [] };
  return { kind: draw.kind, balls: [], prizes: draw.prizes.map((p) => ({ tier: p.tier, number: p.number })) };
}

/** Whether two wire results are the same draw. */
export function sameResult(a: WireResult, b: WireResult): boolean {
  return (
    a.kind === b.kind &&
    a.balls.length === b.balls.length &&
    a.balls.every((ball, i) => ball === b.balls[i]) &&
    a.prizes.length === b.prizes.length &&
    a.prizes.every((p, i) => p.tier === b.prizes[i]?.tier && p.number === b.prizes[i]?.number)
  );
}

// ---- in the browser (or anywhere with Web Crypto) -------------------------------------------------

/** The parts of Web Crypto used here, typed locally so this file needs neither DOM nor Node types. */
type CryptoKeyLike = object;
export type SubtleLike = {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
  importKey(
    format: 'raw',
    data: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: boolean,
    usages: string[],
  ): Promise<CryptoKeyLike>;
  sign(algorithm: 'HMAC', key: CryptoKeyLike, data: Uint8Array): Promise<ArrayBuffer>;
};

/** UTF-8 of an ASCII text (seeds, labels and messages are checked to be ASCII). */
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0x7f);
const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of the seed string (its UTF-8), hex: the hash published when the numero opened. */
async function seedHashWith(subtle: SubtleLike, seed: string): Promise<string> {
  return hex(await subtle.digest('SHA-256', ascii(seed)));
}

class OutOfBlocks extends Error {}

/**
 * Recomputes a platform draw with Web Crypto: the seed's SHA-256 and the draw. HMAC in Web Crypto
 * is asynchronous and the draw is not, so the blocks are computed ahead (a draw uses a few) and the
 * draw is run again with more should it need more.
 */
export async function recomputeDraw(
  subtle: SubtleLike,
  input: { seed: string; gameCode: string; numero: string; family: DrawFamily },
): Promise<{ seedHash: string; draw: Draw; result: WireResult }> {
  checkDrawInputs(input.seed, input.gameCode, input.numero);
  const key = await subtle.importKey('raw', ascii(input.seed), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const blocks: Uint8Array[] = [];
  const more = async (count: number) => {
    const start = blocks.length;
    const made = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        subtle.sign('HMAC', key, ascii(blockMessage(input.gameCode, input.numero, start + i))),
      ),
    );
    for (const block of made) blocks.push(new Uint8Array(block));
  };
  await more(8);
  for (;;) {
    try {
      const draw = drawFrom(
        input.family,
        new BlockStream((cursor) => {
          const block = blocks[cursor];
          if (!block) throw new OutOfBlocks();
          return block;
        }),
      );
      return { seedHash: await seedHashWith(subtle, input.seed), draw, result: wireResultOf(draw) };
    } catch (error) {
      if (!(error instanceof OutOfBlocks)) throw error;
      await more(blocks.length);
    }
  }
}
