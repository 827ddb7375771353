import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
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
