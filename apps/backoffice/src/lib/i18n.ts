import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { session } from './session.ts';

/** The back office speaks EN, MS and CN; texts ship inside the bundle (operators are few). */
export const LANGUAGES = [
  { code: 'EN', label: 'English', html: 'en' },
  { code: 'MS', label: 'Bahasa Melayu', html: 'ms' },
  { code: 'CN', label: '中文', html: 'zh-CN' },
] as const;

export const i18n = i18next.createInstance();

/** Every catalogue: one file per feature and language (locales/<LANG>/<namespace>.json). */
const CATALOGUES = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/**
 * A language's texts as one tree, each feature's catalogue under its namespace's name
 * (`deposits.json` -> `deposits`), so `t('deposits.title')` reads as it did from one file.
 */
export function languageTexts(code: string): Record<string, unknown> {
  const texts: Record<string, unknown> = {};
  for (const [file, catalogue] of Object.entries(CATALOGUES).sort(([a], [b]) => a.localeCompare(b))) {
    const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (language !== code || !namespace) continue;
    if (namespace === 'translation') Object.assign(texts, catalogue);
    else texts[namespace] = catalogue;
  }
  return texts;
}

function initialLanguage(): string {
  const stored = session.language();
  return LANGUAGES.some((l) => l.code === stored) ? (stored as string) : 'EN';
}

function syncDocument(code: string) {
  document.documentElement.lang = LANGUAGES.find((l) => l.code === code)?.html ?? 'en';
}

export function initI18n(language = initialLanguage()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: Object.fromEntries(
        LANGUAGES.map(({ code }) => [code, { translation: languageTexts(code) }]),
      ),
      lng: language,
      fallbackLng: 'EN',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    i18n.on('languageChanged', syncDocument);
    syncDocument(language);
  }
  return i18n;
}

export async function changeLanguage(code: string) {
  session.setLanguage(code);
  await i18n.changeLanguage(code);
}
