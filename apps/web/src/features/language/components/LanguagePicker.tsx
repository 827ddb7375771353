import { UI_LANGUAGES } from '@lotus/contracts/languages';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withChunkTimeout } from '../../../lib/chunk-load.ts';
import { TriggerFace } from './TriggerFace.tsx';
import './language-picker.css';

const loadMenu = () => withChunkTimeout(() => import('./LanguageMenu.tsx'));
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

/**
 * The header's language picker (flags). The button is plain until the visitor shows intent
 * (hover, focus, press); only then is the Radix menu loaded, which keeps it out of the first
 * download of every page.
 */
export function LanguagePicker({ brandCodes }: { brandCodes?: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const current = UI_LANGUAGES.find((language) => language.code === i18n.language) ?? UI_LANGUAGES[0];

  const placeholder = (
    <button
      type="button"
      className="language-picker__trigger"
      data-testid="language-picker"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={t('language.choose', { language: current.name })}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => {
        setOpenOnLoad(true);
        setWanted(true);
      }}
    >
      <TriggerFace code={current.code} flag={current.flag} />
    </button>
  );

  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenu brandCodes={brandCodes} defaultOpen={openOnLoad} />
    </Suspense>
  );
}
