import type { Theme } from '@lotus/contracts/storage';
import { useSyncExternalStore } from 'react';
import { storage } from './storage.ts';

const listeners = new Set<() => void>();
let current: Theme = 'dark';

const THEME_COLOUR: Record<Theme, string> = { dark: '#0f0d1a', light: '#f6f4fb' };

function paint(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  document
    .querySelector<HTMLMetaElement>('meta[name="theme-color"]')
    ?.setAttribute('content', THEME_COLOUR[theme]);
}

/** Reads the remembered theme (dark by default) and paints it before the first render. */
export function initTheme(): Theme {
  current = storage.theme() ?? 'dark';
  paint(current);
  return current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  storage.setTheme(theme);
  paint(theme);
  for (const listener of listeners) listener();
}

export function getTheme(): Theme {
  return current;
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getTheme,
    getTheme,
  );
  return [theme, setTheme];
}

type BrandColours = { primary: string; primaryContrast: string; accent: string; headerBackground: string };

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Brand colours from the status call become CSS custom properties; malformed values are ignored. */
export function applyBrandColours(colours: BrandColours): void {
  const style = document.documentElement.style;
  const set = (name: string, value: string) => {
    if (COLOUR.test(value)) style.setProperty(name, value);
  };
  set('--brand-primary', colours.primary);
  set('--brand-primary-contrast', colours.primaryContrast);
  set('--brand-accent', colours.accent);
  set('--brand-header', colours.headerBackground);
}
