import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';

initI18n('EN');

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const { i18n } = await import('../lib/i18n.ts');
  if (i18n.language !== 'EN') await i18n.changeLanguage('EN');
});
