import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FairStream, floatFromUint32, hmacBlock, intFromUint32 } from './derive.ts';
import { hashServerSeed, isValidClientSeed, newSeedPair, rotate, verifyServerSeed } from './seeds.ts';

const SERVER_SEED = '6b1c0a8e3e4f5d2a9c7b1e0f4a3d2c1b8e7f6a5d4c3b2a1908f7e6d5c4b3a291';
const CLIENT_SEED = 'lotus-player';
const NONCE = 7;

/** The derivation redone with node:crypto, independently of the WebCrypto code under test. */
function nodeUint32s(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let cursor = 0; out.length < count; cursor++) {
    const block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
    for (let offset = 0; offset < 32 && out.length < count; offset += 4) out.push(block.readUInt32BE(offset));
  }
  return out;
}

async function draw(stream: FairStream, count: number, next: (s: FairStream) => Promise<number>) {
  const values: number[] = [];
  for (let i = 0; i < count; i++) values.push(await next(stream));
  return values;
}

describe('fair derivation', () => {
  it('matches pinned vectors, which node:crypto recomputes independently', async () => {
    const pinned = [
      380487364, 2822644216, 2767613656, 338817750, 889191179, 274838688, 3321937438, 3465814883,
    ];
    const stream = new FairStream(SERVER_SEED, CLIENT_SEED, NONCE);
    const values = await draw(stream, 10, (s) => s.nextUint32());
    expect(values.slice(0, 8)).toEqual(pinned);
    expect(values).toEqual(nodeUint32s(SERVER_SEED, CLIENT_SEED, NONCE, 10));
    // The ninth number opens the block of cursor 1.
    expect(stream.blocksUsed).toBe(2);
    const block1 = await hmacBlock(SERVER_SEED, CLIENT_SEED, NONCE, 1);
    expect(new DataView(block1.buffer).getUint32(0)).toBe(values[8]);
    expect(await hashServerSeed(SERVER_SEED)).toBe(createHash('sha256').update(SERVER_SEED).digest('hex'));
    expect(await hashServerSeed(SERVER_SEED)).toBe(
      'c97aa0abad2a6b39723606c65fa297f83acf3b0d6b67609854b47672827662e5',
    );
  });

  it('turns the same stream into pinned reel stops (rejection sampling, node:crypto recomputation)', async () => {
    const stops = await draw(new FairStream(SERVER_SEED, CLIENT_SEED, NONCE), 5, (s) => s.nextInt(25));
    expect(stops).toEqual([14, 16, 6, 0, 4]);
    // 2^32 mod 25 = 21: only the top 21 values are rejected, none of these five draws.
    expect(stops).toEqual(nodeUint32s(SERVER_SEED, CLIENT_SEED, NONCE, 5).map((u) => u % 25));
  });

  it('changes every number when the client seed, the nonce or the server seed changes', async () => {
    const base = await draw(new FairStream(SERVER_SEED, CLIENT_SEED, NONCE), 4, (s) => s.nextUint32());
    const variants = [
      new FairStream(SERVER_SEED, `${CLIENT_SEED}x`, NONCE),
      new FairStream(SERVER_SEED, CLIENT_SEED, NONCE + 1),
      new FairStream(`${SERVER_SEED.slice(0, -1)}0`, CLIENT_SEED, NONCE),
    ];
    for (const stream of variants) {
      const values = await draw(stream, 4, (s) => s.nextUint32());
      values.forEach((value, index) => {
        expect(value).not.toBe(base[index]);
      });
    }
  });

  it('gives floats in [0, 1) as u / 2^32', async () => {
    expect(floatFromUint32(0)).toBe(0);
    expect(floatFromUint32(2 ** 32 - 1)).toBeLessThan(1);
    const floats = await draw(new FairStream(SERVER_SEED, CLIENT_SEED, NONCE), 3, (s) => s.nextFloat());
    expect(floats).toEqual(nodeUint32s(SERVER_SEED, CLIENT_SEED, NONCE, 3).map((u) => u / 2 ** 32));
  });

  it('draws uniform integers (chi-square over 80,000 draws in 0..9)', async () => {
    const stream = new FairStream(SERVER_SEED, 'chi-square', 0);
    const bins = new Array<number>(10).fill(0);
    const draws = 80_000;
    for (let i = 0; i < draws; i++) bins[await stream.nextInt(10)]! += 1;
    const expected = draws / 10;
    const chiSquare = bins.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    // Critical value of chi-square with 9 degrees of freedom at p = 0.001.
    expect(chiSquare).toBeLessThan(27.88);
  });
});

describe('no modulo bias', () => {
  it('rejects exactly the tail above the largest multiple of n', () => {
    // 2^32 mod 3 = 1: only 2^32 - 1 is rejected.
    expect(intFromUint32(2 ** 32 - 2, 3)).toBe((2 ** 32 - 2) % 3);
    expect(intFromUint32(2 ** 32 - 1, 3)).toBeUndefined();
    // n = 3 * 2^30: the whole top quarter is rejected (plain modulo would fold it onto [0, 2^30)).
    expect(intFromUint32(3 * 2 ** 30 - 1, 3 * 2 ** 30)).toBe(3 * 2 ** 30 - 1);
    expect(intFromUint32(3 * 2 ** 30, 3 * 2 ** 30)).toBeUndefined();
    // Powers of two never reject.
    expect(intFromUint32(2 ** 32 - 1, 2 ** 16)).toBe(2 ** 16 - 1);
    expect(intFromUint32(123, 1)).toBe(0);
  });

  it('refuses ranges it cannot draw', () => {
    expect(() => intFromUint32(0, 0)).toThrow(RangeError);
    expect(() => intFromUint32(0, 2.5)).toThrow(RangeError);
    expect(() => intFromUint32(0, 2 ** 32 + 1)).toThrow(RangeError);
  });

  it('keeps a range that plain modulo would skew uniform (n = 3 * 2^30)', async () => {
    // With u mod n, values below 2^30 would come up half the time instead of a third.
    const stream = new FairStream(SERVER_SEED, 'bias', 1);
    const draws = 6_000;
    let low = 0;
    for (let i = 0; i < draws; i++) if ((await stream.nextInt(3 * 2 ** 30)) < 2 ** 30) low++;
    // A third, within about 5 standard errors (sd = sqrt(6000 * 2/9) ~ 36.5).
    expect(Math.abs(low - draws / 3)).toBeLessThan(180);
  });
});

describe('seed pairs', () => {
  it('commits to a fresh 32-byte server seed and reveals it on rotation', async () => {
    const pair = await newSeedPair('my-seed');
    expect(pair.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(pair.nonce).toBe(0);
    expect(await verifyServerSeed(pair.serverSeed, pair.serverSeedHash)).toBe(true);
    const { revealed, next } = await rotate(pair, 'new-seed');
    expect(revealed).toEqual(pair);
    expect(next.serverSeed).not.toBe(pair.serverSeed);
    expect(next.serverSeedHash).not.toBe(pair.serverSeedHash);
    expect(next.clientSeed).toBe('new-seed');
    expect(next.nonce).toBe(0);
    expect((await rotate(next)).next.clientSeed).toBe('new-seed');
  });

  it('catches a revealed seed that does not match the commitment', async () => {
    const pair = await newSeedPair();
    const other = await newSeedPair();
    expect(await verifyServerSeed(other.serverSeed, pair.serverSeedHash)).toBe(false);
    expect(await verifyServerSeed(pair.serverSeed, pair.serverSeedHash.toUpperCase())).toBe(true);
  });

  it('refuses hostile client seeds and nonces', async () => {
    for (const bad of ['', ' ', 'a b', 'x'.repeat(65), 'caf\u00e9', 'tab\t', '\u0000']) {
      expect(isValidClientSeed(bad)).toBe(false);
      await expect(newSeedPair(bad)).rejects.toThrow(RangeError);
    }
    expect(isValidClientSeed('x'.repeat(64))).toBe(true);
    expect(isValidClientSeed('a:b')).toBe(true);
    expect(() => new FairStream(SERVER_SEED, CLIENT_SEED, -1)).toThrow(RangeError);
    expect(() => new FairStream(SERVER_SEED, CLIENT_SEED, 1.5)).toThrow(RangeError);
  });
});
