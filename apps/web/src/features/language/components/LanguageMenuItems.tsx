import { UI_LANGUAGES } from '@lotus/contracts/languages';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { flagEmoji } from '../../../lib/format.ts';
import { useChangeLanguage } from '../hooks/use-change-language.ts';
import { pickerLanguages } from '../lib/picker-languages.ts';
import './language-picker.css';

/**
 * The language choice as a sub-menu of another Radix dropdown (the member menu of a phone header):
 * the same languages and the same change as the header's picker.
 */
export function LanguageMenuItems({ brandCodes }: { brandCodes?: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const languages = pickerLanguages(brandCodes);
  const current = UI_LANGUAGES.find((language) => language.code === i18n.language) ?? UI_LANGUAGES[0];
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className="member-menu__item" data-testid="menu-language">
        <span className="language-picker__flag" aria-hidden="true">
          {flagEmoji(current.flag)}
        </span>
        <span className="language-picker__name">{t('language.label')}</span>
        <span aria-hidden="true">›</span>
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent className="language-picker__menu" sideOffset={4} collisionPadding={8}>
          <DropdownMenu.RadioGroup value={current.code} onValueChange={(code) => void changeLanguage(code)}>
            {languages.map((language) => (
              <DropdownMenu.RadioItem
                key={language.code}
                value={language.code}
                className="language-picker__item"
                data-lang={language.code}
              >
                <span className="language-picker__flag" aria-hidden="true">
                  {flagEmoji(language.flag)}
                </span>
                <span className="language-picker__name">{language.name}</span>
                <DropdownMenu.ItemIndicator className="language-picker__check">✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}
