import { UI_LANGUAGES } from '@lotus/contracts/languages';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { flagEmoji } from '../../../lib/format.ts';
import { useChangeLanguage } from '../hooks/use-change-language.ts';
import { pickerLanguages } from '../lib/picker-languages.ts';
import { TriggerFace } from './TriggerFace.tsx';

/** The picker's Radix menu (loaded on first intent, see LanguagePicker). */
export function LanguageMenu({
  brandCodes,
  defaultOpen,
}: {
  brandCodes?: readonly string[];
  defaultOpen: boolean;
}) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const languages = pickerLanguages(brandCodes);
  const current = UI_LANGUAGES.find((language) => language.code === i18n.language) ?? UI_LANGUAGES[0];

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className="language-picker__trigger"
        data-testid="language-picker"
        aria-label={t('language.choose', { language: current.name })}
      >
        <TriggerFace code={current.code} flag={current.flag} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="language-picker__menu" sideOffset={8} align="end">
          <DropdownMenu.Label className="language-picker__label">{t('language.label')}</DropdownMenu.Label>
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
