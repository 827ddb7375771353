import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import CN from '../locales/CN/translation.json';
import EN from '../locales/EN/translation.json';
import MS from '../locales/MS/translation.json';
import { session } from './session.ts';

/** The back office speaks EN, MS and CN; texts ship inside the bundle (operators are few). */
export const LANGUAGES = [
  { code: 'EN', label: 'English', html: 'en' },
  { code: 'MS', label: 'Bahasa Melayu', html: 'ms' },
  { code: 'CN', label: '中文', html: 'zh-CN' },
] as const;

export const i18n = i18next.createInstance();

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
      resources: { EN: { translation: EN }, MS: { translation: MS }, CN: { translation: CN } },
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
