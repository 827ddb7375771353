import { useSyncExternalStore } from 'react';

/** Spec §9: a page chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export type LoadFailure = 'chunk_load_failed' | 'stylesheet_load_failed';

export class ChunkLoadError extends Error {
  readonly kind: LoadFailure;
  constructor(kind: LoadFailure, cause?: unknown) {
    super(kind, { cause });
    this.name = 'ChunkLoadError';
    this.kind = kind;
  }
}

/** Wraps a lazy `import()`: it fails with ChunkLoadError when it rejects or stalls past the limit. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      report('chunk_load_failed');
      reject(new ChunkLoadError('chunk_load_failed'));
    }, timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        report('chunk_load_failed');
        reject(new ChunkLoadError('chunk_load_failed', cause));
      },
    );
  });
}

let failure: LoadFailure | null = null;
const listeners = new Set<() => void>();

function report(kind: LoadFailure): void {
  // A missing script outranks a missing stylesheet: the page cannot work at all.
  if (failure === 'chunk_load_failed') return;
  failure = kind;
  for (const listener of listeners) listener();
}

export function reportLoadFailure(kind: LoadFailure): void {
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
