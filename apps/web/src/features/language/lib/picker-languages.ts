import { UI_LANGUAGES } from '@lotus/contracts/languages';

type Language = (typeof UI_LANGUAGES)[number];

/** The picker lists the brand's UI languages (all ~40 when the brand lists none). */
export function pickerLanguages(brandCodes: readonly string[] | undefined): Language[] {
  if (!brandCodes || brandCodes.length === 0) return [...UI_LANGUAGES];
  const listed = UI_LANGUAGES.filter((language) => brandCodes.includes(language.code));
  return listed.length > 0 ? listed : [...UI_LANGUAGES];
}
