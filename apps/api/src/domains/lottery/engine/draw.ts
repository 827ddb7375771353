/**
 * Provably fair platform draws: the derivation is `@lotus/contracts/lottery-draw` (shared with the
 * browser, which recomputes a drawn numero with Web Crypto); here the HMAC blocks come from
 * `node:crypto`, synchronously.
 */
import { createHash, createHmac } from 'node:crypto';
import {
  BlockStream,
  blockMessage,
  checkDrawInputs,
  type DrawFamily,
  drawFrom,
  isSeed,
} from '@lotus/contracts/lottery-draw';
import type { Draw } from './types.ts';

export function seedHash(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

/** True when the revealed seed is the one whose hash was published. */
export function seedMatchesHash(seed: string, publishedHash: string): boolean {
  return isSeed(seed) && seedHash(seed) === publishedHash.toLowerCase();
}

/** The draw's integers for (seed, gameCode, numero), its blocks from node:crypto's HMAC. */
export class DrawStream extends BlockStream {
  constructor(seed: string, gameCode: string, numero: string) {
    checkDrawInputs(seed, gameCode, numero);
    super((cursor) =>
      createHmac('sha256', seed)
        .update(blockMessage(gameCode, numero, cursor), 'utf8')
        .digest(),
    );
  }
}

/** The platform draw of a game family. */
export function drawOf(family: DrawFamily, seed: string, gameCode: string, numero: string): Draw {
  return drawFrom(family, new DrawStream(seed, gameCode, numero));
}

export function drawDigits(seed: string, gameCode: string, numero: string): Draw {
  return drawOf('digits', seed, gameCode, numero);
}

export function drawDice(seed: string, gameCode: string, numero: string): Draw {
  return drawOf('dice', seed, gameCode, numero);
}

export function drawVn(seed: string, gameCode: string, numero: string, region: 'north' | 'south'): Draw {
  return drawOf(region === 'north' ? 'vn-north' : 'vn-south', seed, gameCode, numero);
}

export function drawSea4d(seed: string, gameCode: string, numero: string): Draw {
  return drawOf('sea4d', seed, gameCode, numero);
}
