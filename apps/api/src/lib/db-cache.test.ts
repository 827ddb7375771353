import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/database.ts';
import { createDbCache, invalidateDbCaches } from './db-cache.ts';

const dbA = {} as Db;
const dbB = {} as Db;

afterEach(() => {
  vi.useRealTimers();
});

describe('createDbCache', () => {
  it('loads once per key within the time to live, and again after it', async () => {
    vi.useFakeTimers();
    const cache = createDbCache<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get(dbA, 'k', load), cache.get(dbA, 'k', load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await cache.get(dbA, 'k', load)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cache.get(dbA, 'k', load)).toBe(2);
  });

  it('keeps databases apart and forgets everything of one database on invalidate', async () => {
    const cache = createDbCache<string>(60_000);
    await cache.get(dbA, 'k', async () => 'a1');
    await cache.get(dbB, 'k', async () => 'b1');
    cache.invalidate(dbA);
    expect(await cache.get(dbA, 'k', async () => 'a2')).toBe('a2');
    expect(await cache.get(dbB, 'k', async () => 'b2')).toBe('b1');
  });

  it('invalidates every cache of a database at once', async () => {
    const first = createDbCache<string>(60_000);
    const second = createDbCache<string>(60_000);
    await first.get(dbA, 'k', async () => 'f1');
    await second.get(dbA, 'k', async () => 's1');
    invalidateDbCaches(dbA);
    expect(await first.get(dbA, 'k', async () => 'f2')).toBe('f2');
    expect(await second.get(dbA, 'k', async () => 's2')).toBe('s2');
  });

  it('does not remember a failed load', async () => {
    const cache = createDbCache<string>(60_000);
    await expect(cache.get(dbA, 'k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(dbA, 'k', async () => 'up')).toBe('up');
  });
});
