import { useSyncExternalStore } from 'react';

type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * The browser offers installation once, early (`beforeinstallprompt`); it is kept here so the
 * /down page can show its install button whenever the visitor gets there.
 */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

export async function promptInstall(): Promise<boolean> {
  if (!deferred) return false;
  const event = deferred;
  deferred = null;
  await event.prompt();
  const choice = await event.userChoice;
  installed = choice.outcome === 'accepted';
  notify();
  return installed;
}

type InstallState = 'available' | 'installed' | 'unavailable';

function snapshot(): InstallState {
  if (
    installed ||
    (typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches)
  )
    return 'installed';
  return deferred ? 'available' : 'unavailable';
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
    () => 'unavailable' as const,
  );
}

export function isIos(userAgent = navigator.userAgent): boolean {
  return (
    /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && navigator.maxTouchPoints > 1)
  );
}
