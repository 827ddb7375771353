import { logger } from '../../../lib/logger.ts';

/** Production builds register /sw.js (app shell cache, network-first API) for the installable app. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      logger.warn('service worker registration failed', error);
    });
  });
}
