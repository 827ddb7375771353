import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_SLOW_MS,
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  clearLoadFailure,
  reportLoadFailure,
  useLoadFailure,
  withChunkTimeout,
} from './chunk-load.ts';

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

  it('says page_slow while a chunk is late, and takes it back when the chunk arrives', async () => {
    vi.useFakeTimers();
    clearLoadFailure();
    const seen = renderHook(() => useLoadFailure());
    let arrive: (value: { page: number }) => void = () => {};
    const pending = withChunkTimeout(() => new Promise<{ page: number }>((resolve) => (arrive = resolve)));
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_SLOW_MS - 1));
    expect(seen.result.current).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(seen.result.current).toBe('page_slow');
    arrive({ page: 2 });
    await act(() => pending);
    expect(seen.result.current).toBeNull();
    vi.useRealTimers();
  });

  it('never lets page_slow hide a real failure, nor clears one when a late chunk arrives', async () => {
    vi.useFakeTimers();
    clearLoadFailure();
    reportLoadFailure('stylesheet_load_failed');
    let arrive: (value: number) => void = () => {};
    const pending = withChunkTimeout(() => new Promise<number>((resolve) => (arrive = resolve)));
    await vi.advanceTimersByTimeAsync(CHUNK_SLOW_MS);
    const seen = renderHook(() => useLoadFailure());
    expect(seen.result.current).toBe('stylesheet_load_failed');
    arrive(1);
    await pending;
    expect(seen.result.current).toBe('stylesheet_load_failed');
    clearLoadFailure();
    vi.useRealTimers();
  });
});
