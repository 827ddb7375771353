import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { GiftIcon, HomeIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useGameMenus } from '../api/get-game-menus.ts';
import { CategoryNavItem } from './CategoryNavItem.tsx';

/** Home, one item per category in the server's order, promotions (spec §2). */
export function BottomNav() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  return (
    <nav className="bottom-nav" aria-label={t('nav.main')} data-testid="bottom-nav">
      <ul className="bottom-nav__list">
        <li className="bottom-nav__item">
          <NavLink to={paths.home.to()} className="bottom-nav__link">
            <span className="bottom-nav__icon">
              <HomeIcon />
            </span>
            {t('nav.home')}
          </NavLink>
        </li>
        {(menus.data ?? []).map((menu) => (
          <CategoryNavItem key={menu.gameCategory} category={menu.gameCategory} vendors={menu.vendors} />
        ))}
        <li className="bottom-nav__item">
          <NavLink to={paths.promotions.to()} className="bottom-nav__link">
            <span className="bottom-nav__icon">
              <GiftIcon />
            </span>
            {t('nav.promotions')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
