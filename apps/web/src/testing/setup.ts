import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { initI18n, loadTexts } from '../lib/i18n.ts';

// jsdom's <dialog> has no showModal/close yet: open and close it as the browser would.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

// The texts load as in the browser (each language's catalogues merged into one JSON, here a data:
// URL of it from the Vite plugin), every language up front so a test may switch without waiting.
initI18n('EN');
await Promise.all(['EN', 'MS', 'CN'].map((lang) => loadTexts(lang)));

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

// The project keeps one worker and its jsdom from file to file (isolate: false); the app's own
// modules (session, boot calls, caches of the brand's status) start afresh in every file.
afterAll(() => {
  vi.resetModules();
});
