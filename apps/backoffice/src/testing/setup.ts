import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n.ts';

initI18n('EN');

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(async () => {
  cleanup();
  if (i18n.language !== 'EN') await i18n.changeLanguage('EN');
});

// The project keeps one worker and its jsdom from file to file (isolate: false); the app's own
// modules (session, caches) start afresh in every file.
afterAll(() => {
  vi.resetModules();
});
