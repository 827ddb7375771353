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

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function readableOn(hex: string): '#000000' | '#ffffff' {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const channel = (at: number) => {
    const v = Number.parseInt(full.slice(at, at + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/** Brand colours from the status call become CSS custom properties; malformed values are ignored. */
export function applyBrandColours(colours: BrandColours): void {
  const style = document.documentElement.style;
  const set = (name: string, value: string) => {
    if (COLOUR.test(value)) style.setProperty(name, value);
  };
  set('--brand-primary', colours.primary);
  set('--brand-primary-contrast', colours.primaryContrast);
  set('--brand-accent', colours.accent);
  if (COLOUR.test(colours.accent)) style.setProperty('--brand-accent-contrast', readableOn(colours.accent));
  set('--brand-header', colours.headerBackground);
}
