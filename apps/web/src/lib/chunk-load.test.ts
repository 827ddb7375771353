import { describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, clearLoadFailure, withChunkTimeout } from './chunk-load.ts';

describe('withChunkTimeout', () => {
  it('resolves with the module when it arrives in time', async () => {
    await expect(withChunkTimeout(async () => ({ page: 1 }))).resolves.toEqual({ page: 1 });
  });

  it('fails with chunk_load_failed after 120 s of waiting', async () => {
    vi.useFakeTimers();
    clearLoadFailure();
    const pending = withChunkTimeout(() => new Promise<never>(() => {}));
    const outcome = pending.catch((error: unknown) => error);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).kind).toBe('chunk_load_failed');
  });

  it('fails with chunk_load_failed when the import rejects', async () => {
    await expect(withChunkTimeout(() => Promise.reject(new Error('404')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
  });
});
