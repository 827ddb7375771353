import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameMenus } from '../api/get-game-menus.ts';
import { CATEGORY_ICON, categoryLabel, categoryPath } from '../lib/categories.ts';

/** Home-page tiles, one per category in the brand's order, with its vendor count. */
export function CategoryTiles() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  if (!menus.data || menus.data.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="categories-title">
      <h2 id="categories-title" className="section-title">
        {t('home.categories')}
      </h2>
      <ul className="category-tiles">
        {menus.data.map((menu) => (
          <li key={menu.gameCategory}>
            <Link
              className={`category-tile category-tile--${menu.gameCategory.toLowerCase()}`}
              to={categoryPath(menu.gameCategory)}
            >
              <span className="category-tile__icon" aria-hidden="true">
                {createElement(CATEGORY_ICON[menu.gameCategory])}
              </span>
              <span className="category-tile__name">{categoryLabel(t, menu.gameCategory)}</span>
              <span className="category-tile__meta">
                {menu.vendors.length === 0
                  ? t('games.noGamesYet')
                  : t('games.vendorCount', { count: menu.vendors.length })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
