import TEXT_URLS from 'virtual:locale-texts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The game pages speak EN, MS or CN: the platform names the language in the launch URL (`lang`),
 * the verification page takes `?lang=` too. Each language's texts are one hashed JSON asset (its
 * per-feature catalogues under locales/<LANG>/ merged at build time, scripts/vite-locale-texts.ts)
 * fetched before the first paint, so no text sits in the page's JavaScript.
 */
export const LANGUAGES = ['EN', 'MS', 'CN'] as const;
export type Language = (typeof LANGUAGES)[number];

const HTML_LANG: Record<Language, string> = { EN: 'en', MS: 'ms', CN: 'zh-CN' };

export const i18n = i18next.createInstance();

export function pickLanguage(raw: string | null | undefined): Language {
  const upper = (raw ?? '').toUpperCase();
  return (LANGUAGES as readonly string[]).includes(upper) ? (upper as Language) : 'EN';
}

async function texts(language: Language): Promise<Record<string, unknown>> {
  const url = TEXT_URLS[language];
  if (!url) throw new Error(`texts ${language}: none built`);
  const response = await fetch(url);
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
