import { type SupportedLanguage, textLanguage } from '@lotus/contracts/languages';

/** A row's per-language columns, for example `{ title_en, title_ms, title_cn }` seen as `{ en, ms, cn }`. */
export type LocalisedText = { en: string; ms: string; cn: string };

/** The text in the request's language, falling back to EN when that translation is empty. */
export function pickText(text: LocalisedText, language: SupportedLanguage | string): string {
  const lang = textLanguage(language);
  const chosen = lang === 'MS' ? text.ms : lang === 'CN' ? text.cn : text.en;
  return chosen.trim().length > 0 ? chosen : text.en;
}
