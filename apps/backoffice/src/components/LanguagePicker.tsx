import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../lib/i18n.ts';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language">
      <span className="visually-hidden">{t('app.language')}</span>
      <select value={i18n.language} onChange={(event) => void changeLanguage(event.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </label>
  );
}
