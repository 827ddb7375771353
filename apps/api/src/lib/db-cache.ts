import type { Db } from '../db/database.ts';

/**
 * A small read-through cache for data every request reads and operators rarely change (the brand
 * of a Merchant header, its customer-service channels). Entries live `ttlMs`: a change made by
 * another server process is seen within that time; a change made through this process's write
 * paths calls `invalidate` and is seen at once. Keyed per database so test apps never share entries.
 * Concurrent misses for one key share a single load.
 */
const caches = new Set<{ invalidate(db: Db): void }>();

/** Forgets every cached entry of a database: call after writing data that a cache holds. */
export function invalidateDbCaches(db: Db): void {
  for (const cache of caches) cache.invalidate(db);
}

export function createDbCache<T>(ttlMs: number) {
  const stores = new WeakMap<Db, Map<string, { expires: number; value: Promise<T> }>>();
  const storeOf = (db: Db) => {
    let store = stores.get(db);
    if (!store) {
      store = new Map();
      stores.set(db, store);
    }
    return store;
  };
  const cache = {
    get(db: Db, key: string, load: () => Promise<T>): Promise<T> {
      const store = storeOf(db);
      const now = Date.now();
      const hit = store.get(key);
      if (hit && hit.expires > now) return hit.value;
      const value = load();
      store.set(key, { expires: now + ttlMs, value });
      // A failed load is not remembered.
      value.catch(() => store.delete(key));
      return value;
    },
    invalidate(db: Db): void {
      stores.get(db)?.clear();
    },
  };
  caches.add(cache);
  return cache;
}
