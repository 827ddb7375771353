/**
 * Lets a call through at most once per `gapMs` (spec §9: login SMS 1000 ms, captcha refresh
 * 1000 ms); calls inside the gap are dropped and answer false.
 */
export function createGate(gapMs: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < gapMs) return false;
    last = at;
    return true;
  };
}
