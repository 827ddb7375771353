import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '../../../components/ui/icons.tsx';
import { useTheme } from '../../../lib/theme.ts';

/** The theme toggle as an item of a Radix dropdown (the member menu of a phone header). */
export function ThemeMenuItem() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <DropdownMenu.Item
      className="member-menu__item"
      data-testid="menu-theme"
      onSelect={(event) => {
        // The menu stays open so the member sees the change take effect.
        event.preventDefault();
        setTheme(next);
      }}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      <span>{next === 'light' ? t('theme.toLight') : t('theme.toDark')}</span>
    </DropdownMenu.Item>
  );
}
