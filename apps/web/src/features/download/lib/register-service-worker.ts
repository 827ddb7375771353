import { logger } from '../../../lib/logger.ts';

/**
 * Production builds register /sw.js (app shell cache, network-first API) for the installable app,
 * once the page has loaded and the browser is idle: the worker's own downloads (the shell and its
 * icons, some 70 KB) then never compete with what the first screen needs.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      logger.warn('service worker registration failed', error);
    });
  };
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 3000));
  window.addEventListener('load', () => whenIdle(register, { timeout: 10_000 }));
}
