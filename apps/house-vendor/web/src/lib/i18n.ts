import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import cnTexts from '../locales/CN/translation.json?url';
import enTexts from '../locales/EN/translation.json?url';
import msTexts from '../locales/MS/translation.json?url';

/**
 * The game pages speak EN, MS or CN: the platform names the language in the launch URL (`lang`),
 * the verification page takes `?lang=` too. Each language's texts are a hashed JSON asset fetched
 * before the first paint, so no text sits in the page's JavaScript.
 */
export const LANGUAGES = ['EN', 'MS', 'CN'] as const;
export type Language = (typeof LANGUAGES)[number];

const URLS: Record<Language, string> = { EN: enTexts, MS: msTexts, CN: cnTexts };
const HTML_LANG: Record<Language, string> = { EN: 'en', MS: 'ms', CN: 'zh-CN' };

export const i18n = i18next.createInstance();

export function pickLanguage(raw: string | null | undefined): Language {
  const upper = (raw ?? '').toUpperCase();
  return (LANGUAGES as readonly string[]).includes(upper) ? (upper as Language) : 'EN';
}

async function texts(language: Language): Promise<Record<string, unknown>> {
  const response = await fetch(URLS[language]);
  if (!response.ok) throw new Error(`texts ${language}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

export async function initI18n(language: Language): Promise<void> {
  const wanted = language === 'EN' ? ['EN' as const] : (['EN', language] as const);
  const bundles = await Promise.all(wanted.map(async (code) => [code, await texts(code)] as const));
  await i18n.use(initReactI18next).init({
    resources: Object.fromEntries(bundles.map(([code, bundle]) => [code, { translation: bundle }])),
    lng: language,
    fallbackLng: 'EN',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = HTML_LANG[language];
}
