import { createHash, createHmac } from 'node:crypto';
import { type DrawFamily, recomputeDraw, type SubtleLike, wireResultOf } from '@lotus/contracts/lottery-draw';
import { describe, expect, it } from 'vitest';
import {
  DrawStream,
  drawDice,
  drawDigits,
  drawOf,
  drawSea4d,
  drawVn,
  seedHash,
  seedMatchesHash,
} from './draw.ts';
import { vnPrizes } from './vn.ts';

const SEED = '0f'.repeat(32);

describe('provably fair draw', () => {
  it('publishes SHA-256 of the seed and verifies a revealed seed against it', () => {
    const hash = seedHash(SEED);
    expect(hash).toBe(createHash('sha256').update(SEED).digest('hex'));
    expect(seedMatchesHash(SEED, hash)).toBe(true);
    expect(seedMatchesHash(SEED, hash.toUpperCase())).toBe(true);
    expect(seedMatchesHash(`${SEED.slice(0, 63)}e`, hash)).toBe(false);
    expect(seedMatchesHash('not hex', seedHash('not hex'))).toBe(false);
  });

  it('follows the documented derivation: HMAC(seed, gameCode:numero:cursor), big-endian u32, mod 10', () => {
    const block = createHmac('sha256', SEED).update('LOTT1:20261124-0001:0').digest();
    const expected: number[] = [];
    for (let offset = 0; expected.length < 5; offset += 4) {
      const u = block.readUInt32BE(offset);
      if (u < 2 ** 32 - (2 ** 32 % 10)) expected.push(u % 10);
    }
    const draw = drawDigits(SEED, 'LOTT1', '20261124-0001');
    expect(draw).toEqual({ kind: 'digits', digits: expected });
  });

  it('is deterministic and depends on the seed, the game and the numero', () => {
    const a = drawVn(SEED, 'VN1', '100', 'north');
    expect(drawVn(SEED, 'VN1', '100', 'north')).toEqual(a);
    expect(drawVn(SEED, 'VN1', '101', 'north')).not.toEqual(a);
    expect(drawVn(SEED, 'VN2', '100', 'north')).not.toEqual(a);
    expect(drawVn('1e'.repeat(32), 'VN1', '100', 'north')).not.toEqual(a);
  });

  it('rejects the biased tail instead of taking it modulo n', () => {
    class Scripted extends DrawStream {
      values = [2 ** 32 - 1, 2 ** 32 - 6, 2 ** 32 - 7];
      override nextUint32(): number {
        return this.values.shift() as number;
      }
    }
    const stream = new Scripted(SEED, 'G', '1');
    // limit for n = 10 is 2^32 - 6: the first two values are discarded, the third gives 9
    expect(stream.int(10)).toBe(9);
    expect(stream.values).toHaveLength(0);
  });

  it('reads further blocks when one is used up', () => {
    const stream = new DrawStream(SEED, 'G', '1');
    const first = Array.from({ length: 9 }, () => stream.nextUint32());
    const block1 = createHmac('sha256', SEED).update('G:1:1').digest();
    expect(first[8]).toBe(block1.readUInt32BE(0));
  });

  it('draws fit each game: dice 1..6, VN tables, 23 distinct 4D numbers', () => {
    for (let i = 0; i < 200; i++) {
      const dice = drawDice(SEED, 'K3', String(i));
      if (dice.kind !== 'dice') throw new Error('kind');
      expect(dice.dice.every((face) => face >= 1 && face <= 6)).toBe(true);
      expect(vnPrizes(drawVn(SEED, 'VNS', String(i), 'south'), 'south')).toHaveLength(18);
      const sea = drawSea4d(SEED, '4D', String(i));
      if (sea.kind !== 'sea4d') throw new Error('kind');
      expect(new Set(sea.prizes.map((prize) => prize.number)).size).toBe(23);
      expect(sea.prizes.every((prize) => /^[0-9]{4}$/.test(prize.number))).toBe(true);
    }
  });

  it('refuses malformed seeds and labels that would make the message ambiguous', () => {
    expect(() => drawDigits('ABC', 'G', '1')).toThrow(RangeError);
    expect(() => drawDigits(SEED.toUpperCase(), 'G', '1')).toThrow(RangeError);
    expect(() => drawDigits(SEED, 'G:1', '1')).toThrow(RangeError);
    expect(() => drawDigits(SEED, 'G', '')).toThrow(RangeError);
    expect(() => drawDigits(SEED, 'G', '1\u0000')).toThrow(RangeError);
  });
});

describe('the browser recomputes the same draw (Web Crypto, @lotus/contracts/lottery-draw)', () => {
  const subtle = globalThis.crypto.subtle as unknown as SubtleLike;
  const families: DrawFamily[] = ['digits', 'dice', 'vn-north', 'vn-south', 'sea4d'];

  it('agrees with the server draw (node:crypto) for every family over many seeds and numeros', async () => {
    for (let i = 0; i < 60; i++) {
      const seed = createHash('sha256').update(`seed ${i}`).digest('hex');
      const family = families[i % families.length] as DrawFamily;
      const numero = `20261126-${String(i).padStart(4, '0')}`;
      const browser = await recomputeDraw(subtle, { seed, gameCode: `G${i}`, numero, family });
      expect(browser.seedHash).toBe(seedHash(seed));
      expect(browser.draw).toEqual(drawOf(family, seed, `G${i}`, numero));
      expect(browser.result).toEqual(wireResultOf(drawOf(family, seed, `G${i}`, numero)));
    }
  });

  it('fetches more blocks when a draw needs more than it computed ahead', async () => {
    // 4D draws 23 distinct numbers: 3 blocks or more; count the HMACs the browser side makes
    let signed = 0;
    const counting: SubtleLike = {
      digest: (a, d) => subtle.digest(a, d),
      importKey: (...args) => subtle.importKey(...args),
      sign: (a, k, d) => {
        signed += 1;
        return subtle.sign(a, k, d);
      },
    };
    const draw = await recomputeDraw(counting, { seed: SEED, gameCode: '4D', numero: '7', family: 'sea4d' });
    expect(draw.draw).toEqual(drawSea4d(SEED, '4D', '7'));
    expect(signed).toBe(8);
    // a stream that needs more than 8 blocks: scripted to reject every value of the first blocks
    signed = 0;
    const rejecting: SubtleLike = {
      ...counting,
      sign: async (a, k, d) => {
        signed += 1;
        const message = String.fromCharCode(...d);
        const cursor = Number(message.split(':')[2]);
        return cursor < 10 ? new Uint8Array(32).fill(0xff).buffer : subtle.sign(a, k, d);
      },
    };
    const late = await recomputeDraw(rejecting, { seed: SEED, gameCode: 'G', numero: '1', family: 'digits' });
    expect(signed).toBe(16);
    expect(late.draw.kind).toBe('digits');
  });

  it('refuses a malformed seed before any hashing', async () => {
    await expect(
      recomputeDraw(subtle, { seed: 'nope', gameCode: 'G', numero: '1', family: 'digits' }),
    ).rejects.toThrow(RangeError);
  });
});
