import TEXT_URLS from 'virtual:locale-texts';
import { DEFAULT_LANGUAGE, textLanguage, UI_LANGUAGE_CODES } from '@lotus/contracts/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from './storage.ts';

/**
 * i18next holds the UI language code (EN, MS, CN or any of the ~40 picker codes); codes without
 * shipped texts fall back to EN. Error texts come from the shared catalogue in @lotus/contracts
 * (namespace `errors`, see error-catalogue.ts), so server and browser show the same words.
 */
export const i18n = i18next.createInstance();

const HTML_LANG: Record<string, string> = { EN: 'en', MS: 'ms', CN: 'zh-CN' };

export function isUiLanguage(code: string | null | undefined): code is string {
  return !!code && UI_LANGUAGE_CODES.includes(code);
}

/** The stored choice, else the given brand default, else EN. */
export function initialLanguage(brandDefault?: string | null): string {
  const stored = storage.lang();
  if (isUiLanguage(stored)) return stored;
  if (isUiLanguage(brandDefault)) return brandDefault;
  return DEFAULT_LANGUAGE;
}

export function currentLanguage(): string {
  return i18n.language && isUiLanguage(i18n.language) ? i18n.language : initialLanguage();
}

function syncDocument(code: string): void {
  if (typeof document === 'undefined') return;
  // `lang` names the language of the texts on screen, which is EN for codes without translations.
  document.documentElement.lang = HTML_LANG[textLanguage(code)] ?? 'en';
  document.documentElement.dataset.uiLang = code;
}

export function initI18n(language = initialLanguage()): typeof i18n {
  if (!i18n.isInitialized) {
    i18n.use(initReactI18next).init({
      resources: {},
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      defaultNS: 'translation',
      ns: ['translation', 'errors'],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    i18n.on('languageChanged', syncDocument);
  } else if (i18n.language !== language) {
    i18n.changeLanguage(language);
  }
  syncDocument(language);
  return i18n;
}

/**
 * Each language's texts are one JSON file (a hashed asset, not JavaScript: its per-feature catalogues
 * under locales/<LANG>/ merged at build time, scripts/vite-locale-texts.ts) fetched before the first
 * paint for the language shown (main.tsx) and otherwise the first time they are needed: a visitor
 * downloads only the texts of the language it reads, and no texts sit in the page's JavaScript.
 */

async function fetchTexts(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`texts ${url}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

export async function loadTexts(code: string): Promise<void> {
  const lang = textLanguage(code);
  const url = TEXT_URLS[lang];
  if (!url || i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await fetchTexts(url), true, true);
}

/** Shows a language (loading its texts first); does not store it (see useChangeLanguage). */
export async function applyLanguage(code: string): Promise<void> {
  if (!isUiLanguage(code)) return;
  try {
    await loadTexts(code);
  } catch {
    // Texts unavailable (offline, failed chunk): the EN fallback shows instead.
  }
  if (i18n.language !== code) await i18n.changeLanguage(code);
  syncDocument(code);
}
