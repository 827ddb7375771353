import type { DrawVerification } from '@lotus/contracts/lottery';
import { recomputeDraw, type SubtleLike, sameResult, type WireResult } from '@lotus/contracts/lottery-draw';

/** What this browser found when it redid a draw from its revealed seed. */
export type BrowserCheck =
  | { kind: 'unavailable' }
  | { kind: 'not-drawn' }
  | {
      kind: 'checked';
      /** SHA-256 of the seed, computed here. */
      computedHash: string;
      hashMatches: boolean;
      /** The draw recomputed here from the seed (the server's algorithm, `@lotus/contracts/lottery-draw`). */
      recomputed: WireResult;
      drawMatches: boolean;
    };

/** Web Crypto's `subtle`, where the page has it (a secure context: https or localhost). */
export function browserSubtle(): SubtleLike | null {
  const subtle = (globalThis as { crypto?: { subtle?: unknown } }).crypto?.subtle;
  return subtle ? (subtle as SubtleLike) : null;
}

/**
 * Recomputes a drawn numero here: SHA-256 of the revealed seed against the hash published when it
 * opened, and the draw from the seed against the result. `published` is what the page showed before
 * (the results board or the order): the check compares with it too, when given.
 */
export async function checkDraw(
  verification: DrawVerification,
  subtle: SubtleLike | null,
  published: { seedHash?: string | null; result?: WireResult | null } = {},
): Promise<BrowserCheck> {
  if (!subtle) return { kind: 'unavailable' };
  const { seed, seedHash, result } = verification;
  if (!seed || !seedHash || !result) return { kind: 'not-drawn' };
  const again = await recomputeDraw(subtle, {
    seed,
    gameCode: verification.gameCode,
    numero: verification.numero,
    family: verification.family,
  });
  const hashes = [seedHash, published.seedHash].filter((h): h is string => !!h);
  const results = [result, published.result].filter((r): r is WireResult => !!r);
  return {
    kind: 'checked',
    computedHash: again.seedHash,
    hashMatches: hashes.every((hash) => hash.toLowerCase() === again.seedHash),
    recomputed: again.result,
    drawMatches: results.every((r) => sameResult(r, again.result)),
  };
}
