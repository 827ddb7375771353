import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n.ts';
import CN from '../locales/CN/translation.json';
import EN from '../locales/EN/translation.json';
import MS from '../locales/MS/translation.json';

// jsdom's <dialog> has no showModal/close yet: open and close it as the browser would.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

// The browser fetches these JSON files; jsdom has no server, so the tests load them directly.
initI18n('EN');
for (const [lang, texts] of Object.entries({ EN, MS, CN })) {
  i18n.addResourceBundle(lang, 'translation', texts, true, true);
}

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
