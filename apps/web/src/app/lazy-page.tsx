import { type ComponentType, use, useSyncExternalStore } from 'react';
import { withChunkTimeout } from '../lib/chunk-load.ts';

type PageModule = Record<string, ComponentType>;

/** Page chunks on their way: the layout shows its progress bar while any is. */
let loading = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0,
    () => false,
  );
}

export type LazyPage = ComponentType & {
  /** Starts loading the page's chunk now (the home page's starts beside the first calls). */
  preload: () => Promise<ComponentType>;
};

/**
 * A page of a lazy group (spec §2): the group's module is its own chunk, loaded through the 120 s
 * chunk guard the first time the page renders (or when preloaded); several routes of one group name
 * different exports of the same module. A page whose chunk has arrived renders at once, without
 * suspending (a preloaded home page paints with the header, no spinner in between). Navigations are
 * transitions: the current page stays, with the progress bar, until the next one's chunk is here.
 */
export function lazyPage(load: () => Promise<PageModule>, exportName = 'Component'): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () => {
    if (!pending) {
      loading += 1;
      notify();
      pending = withChunkTimeout(load)
        .then((module) => {
          const Component = module[exportName];
          if (!Component) throw new Error(`missing page export ${exportName}`);
          loaded = Component;
          return Component;
        })
        .finally(() => {
          loading -= 1;
          notify();
        });
    }
    return pending;
  };
  function Page() {
    const Component = loaded ?? use(preload());
    return <Component />;
  }
  return Object.assign(Page, { preload });
}
