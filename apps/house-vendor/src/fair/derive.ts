/**
 * The provably fair derivation. Everything here runs unchanged in Node 24 and in a browser: it only uses
 * WebCrypto (`crypto.subtle`) and `TextEncoder`, never `node:crypto`, so the verification page can
 * recompute a round with the very code the vendor used.
 *
 * Derivation (the README repeats it for players):
 *   block(cursor) = HMAC-SHA256(key = UTF-8 of the server seed's hex string,
 *                               message = UTF-8 of `${clientSeed}:${nonce}:${cursor}`)
 *   Each 32-byte block is read as eight big-endian unsigned 32-bit integers, in order. The cursor
 *   starts at 0 for every round and goes up by one whenever a block's eight integers are used up.
 *   - float in [0, 1): u / 2^32 (the usual 4-bytes-to-float method, 2^32 equally likely values).
 *   - integer in [0, n): rejection sampling. With limit = 2^32 - (2^32 mod n), a draw u < limit gives
 *     u mod n (every residue then has exactly limit / n preimages, so no modulo bias); a draw
 *     u >= limit is thrown away and the next integer of the stream is drawn instead.
 */

const TWO_32 = 2 ** 32;
/** WebCrypto's key type, named through the API because Node's and the DOM's typings declare it differently. */
type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const encoder = new TextEncoder();

/**
 * The integer in [0, n) that one uniform 32-bit draw `u` gives, or undefined when `u` falls in the
 * rejected tail and the caller must draw again. Pure and synchronous so the fair stream, the fast
 * simulation generator and the tests share the one rule.
 */
export function intFromUint32(u: number, n: number): number | undefined {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`range must be 1..2^32, got ${n}`);
  const limit = TWO_32 - (TWO_32 % n);
  return u < limit ? u % n : undefined;
}

/** The float in [0, 1) of one 32-bit draw. */
export function floatFromUint32(u: number): number {
  return u / TWO_32;
}

/** One 32-byte HMAC-SHA256 block of the stream of a round. */
export async function hmacBlock(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  cursor: number,
): Promise<Uint8Array> {
  const key = await importKey(serverSeed);
  return blockWithKey(key, clientSeed, nonce, cursor);
}

function importKey(serverSeed: string): Promise<HmacKey> {
  return crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
}

async function blockWithKey(key: HmacKey, clientSeed: string, nonce: number, cursor: number) {
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(`${clientSeed}:${nonce}:${cursor}`));
  return new Uint8Array(signature);
}

/**
 * The stream of 32-bit integers of one round (one server seed, client seed and nonce). A paid spin and
 * all the free spins it triggers read one stream, so a round needs exactly one nonce.
 */
export class FairStream {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
  #key: Promise<HmacKey> | undefined;
  #block: DataView | undefined;
  #cursor = -1;
  #index = 8;

  constructor(serverSeed: string, clientSeed: string, nonce: number) {
    if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError(`nonce must be a natural number`);
    this.serverSeed = serverSeed;
    this.clientSeed = clientSeed;
    this.nonce = nonce;
  }

  /** Blocks read so far (the last cursor + 1); the verification page shows it. */
  get blocksUsed(): number {
    return this.#cursor + 1;
  }

  async nextUint32(): Promise<number> {
    if (this.#index === 8 || this.#block === undefined) {
      this.#key ??= importKey(this.serverSeed);
      this.#cursor += 1;
      const bytes = await blockWithKey(await this.#key, this.clientSeed, this.nonce, this.#cursor);
      this.#block = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.#index = 0;
    }
    const value = this.#block.getUint32(this.#index * 4, false);
    this.#index += 1;
    return value;
  }

  async nextFloat(): Promise<number> {
    return floatFromUint32(await this.nextUint32());
  }

  /** A uniform integer in [0, n), by rejection sampling (see the header). */
  async nextInt(n: number): Promise<number> {
    for (;;) {
      const value = intFromUint32(await this.nextUint32(), n);
      if (value !== undefined) return value;
    }
  }
}
