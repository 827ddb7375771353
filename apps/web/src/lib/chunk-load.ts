import { useSyncExternalStore } from 'react';

/** Spec §9: a page chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A chunk still on its way after this long shows "the page is slow to open" (spec §8) until it arrives. */
export const CHUNK_SLOW_MS = 10_000;

export type LoadFailure = 'chunk_load_failed' | 'stylesheet_load_failed' | 'page_slow';
type Failure = Exclude<LoadFailure, 'page_slow'>;

export class ChunkLoadError extends Error {
  readonly kind: Failure;
  constructor(kind: Failure, cause?: unknown) {
    super(kind, { cause });
    this.name = 'ChunkLoadError';
    this.kind = kind;
  }
}

/** Wraps a lazy `import()`: it fails with ChunkLoadError when it rejects or stalls past the limit. */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_TIMEOUT_MS,
  slowMs = CHUNK_SLOW_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const slow = setTimeout(() => report('page_slow'), slowMs);
    const timer = setTimeout(() => {
      report('chunk_load_failed');
      reject(new ChunkLoadError('chunk_load_failed'));
    }, timeoutMs);
    const settle = () => {
      clearTimeout(slow);
      clearTimeout(timer);
      // The slow notice goes once the page arrives; a real failure stays until dismissed.
      if (failure === 'page_slow') clearLoadFailure();
    };
    load().then(
      (module) => {
        settle();
        resolve(module);
      },
      (cause: unknown) => {
        settle();
        report('chunk_load_failed');
        reject(new ChunkLoadError('chunk_load_failed', cause));
      },
    );
  });
}

let failure: LoadFailure | null = null;
const listeners = new Set<() => void>();

function report(kind: LoadFailure): void {
  // A missing script outranks a missing stylesheet: the page cannot work at all; both outrank slow.
  if (failure === 'chunk_load_failed') return;
  if (kind === 'page_slow' && failure !== null) return;
  failure = kind;
  for (const listener of listeners) listener();
}

export function reportLoadFailure(kind: Failure): void {
  report(kind);
}

export function clearLoadFailure(): void {
  failure = null;
  for (const listener of listeners) listener();
}

export function useLoadFailure(): LoadFailure | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => failure,
    () => failure,
  );
}

/**
 * Vite fires `vite:preloadError` when a chunk's preloaded script or stylesheet fails (a deploy
 * removed old hashed files, a proxy dropped a file). Both are reported to the visitor.
 */
export function installPreloadErrorReporting(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const text = payload instanceof Error ? payload.message : String(payload ?? '');
    report(/\.css\b/i.test(text) ? 'stylesheet_load_failed' : 'chunk_load_failed');
  });
}
