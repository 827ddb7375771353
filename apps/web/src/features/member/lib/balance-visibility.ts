import { useSyncExternalStore } from 'react';

/** Balance shown or hidden as *** (spec §4), for this page's life. */
let hidden = false;
const listeners = new Set<() => void>();

export function toggleBalanceHidden(): void {
  hidden = !hidden;
  for (const listener of listeners) listener();
}

export function useBalanceHidden(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hidden,
    () => false,
  );
}
