import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '../../../components/ui/icons.tsx';
import { useTheme } from '../../../lib/theme.ts';

/** Switches dark/light; the choice is kept in localStorage `theme`. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      data-testid="theme-toggle"
      aria-label={next === 'light' ? t('theme.toLight') : t('theme.toDark')}
      title={next === 'light' ? t('theme.toLight') : t('theme.toDark')}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
