/** Languages the platform ships complete translations for (spec §1, §9). */
export const SUPPORTED_LANGUAGES = ['EN', 'MS', 'CN'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SupportedLanguage = 'EN';

/**
 * The wider UI language list of the picker (spec §1). Codes outside SUPPORTED_LANGUAGES fall back
 * to EN texts. `flag` is the ISO 3166 country whose flag the picker shows.
 */
export const UI_LANGUAGES = [
  { code: 'EN', name: 'English', flag: 'GB' },
  { code: 'MS', name: 'Bahasa Melayu', flag: 'MY' },
  { code: 'CN', name: '简体中文', flag: 'CN' },
  { code: 'TW', name: '繁體中文', flag: 'TW' },
  { code: 'JA', name: '日本語', flag: 'JP' },
  { code: 'KO', name: '한국어', flag: 'KR' },
  { code: 'TH', name: 'ไทย', flag: 'TH' },
  { code: 'VI', name: 'Tiếng Việt', flag: 'VN' },
  { code: 'ID', name: 'Bahasa Indonesia', flag: 'ID' },
  { code: 'MY', name: 'မြန်မာ', flag: 'MM' },
  { code: 'KM', name: 'ខ្មែរ', flag: 'KH' },
  { code: 'LO', name: 'ລາວ', flag: 'LA' },
  { code: 'HI', name: 'हिन्दी', flag: 'IN' },
  { code: 'TA', name: 'தமிழ்', flag: 'IN' },
  { code: 'BN', name: 'বাংলা', flag: 'BD' },
  { code: 'UR', name: 'اردو', flag: 'PK' },
  { code: 'NE', name: 'नेपाली', flag: 'NP' },
  { code: 'SI', name: 'සිංහල', flag: 'LK' },
  { code: 'TL', name: 'Filipino', flag: 'PH' },
  { code: 'ES', name: 'Español', flag: 'ES' },
  { code: 'PT', name: 'Português', flag: 'BR' },
  { code: 'FR', name: 'Français', flag: 'FR' },
  { code: 'DE', name: 'Deutsch', flag: 'DE' },
  { code: 'IT', name: 'Italiano', flag: 'IT' },
  { code: 'NL', name: 'Nederlands', flag: 'NL' },
  { code: 'RU', name: 'Русский', flag: 'RU' },
  { code: 'UK', name: 'Українська', flag: 'UA' },
  { code: 'PL', name: 'Polski', flag: 'PL' },
  { code: 'TR', name: 'Türkçe', flag: 'TR' },
  { code: 'AR', name: 'العربية', flag: 'SA' },
  { code: 'FA', name: 'فارسی', flag: 'IR' },
  { code: 'HE', name: 'עברית', flag: 'IL' },
  { code: 'EL', name: 'Ελληνικά', flag: 'GR' },
  { code: 'SV', name: 'Svenska', flag: 'SE' },
  { code: 'DA', name: 'Dansk', flag: 'DK' },
  { code: 'FI', name: 'Suomi', flag: 'FI' },
  { code: 'NO', name: 'Norsk', flag: 'NO' },
  { code: 'CS', name: 'Čeština', flag: 'CZ' },
  { code: 'HU', name: 'Magyar', flag: 'HU' },
  { code: 'RO', name: 'Română', flag: 'RO' },
] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number]['code'];
export const UI_LANGUAGE_CODES: readonly string[] = UI_LANGUAGES.map((l) => l.code);

export function isSupportedLanguage(code: string): code is SupportedLanguage {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(code);
}

/** The language whose texts are shown for a UI code: itself when shipped, else the default. */
export function textLanguage(code: string | undefined | null): SupportedLanguage {
  const upper = (code ?? '').toUpperCase();
  return isSupportedLanguage(upper) ? upper : DEFAULT_LANGUAGE;
}
