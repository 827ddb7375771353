import { intFromUint32 } from '../fair/derive.ts';

/**
 * A fast seeded generator for the RTP simulation ONLY (SFC32, Chris Doty-Humphrey's Small Fast
 * Counting generator; passes PractRand to terabytes). Live rounds never use it: their stops come from
 * the HMAC stream (fair/derive.ts), which costs one WebCrypto call per eight numbers and would make a
 * million-round simulation needlessly slow. Integers use the same rejection rule as the fair stream.
 */
export function sfc32(seed: number): { nextUint32: () => number; nextInt: (n: number) => number } {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const nextUint32 = (): number => {
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up so that nearby seeds give unrelated streams.
  for (let i = 0; i < 15; i++) nextUint32();
  const nextInt = (n: number): number => {
    for (;;) {
      const value = intFromUint32(nextUint32(), n);
      if (value !== undefined) return value;
    }
  };
  return { nextUint32, nextInt };
}
