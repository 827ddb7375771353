import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameMenus } from '../api/get-game-menus.ts';
import { CATEGORY_ICON, categoryEntryPath, categoryLabel } from '../lib/categories.ts';

/** Tiles a brand usually has: their place is kept while the menus load, so nothing below moves. */
const PLACEHOLDER_TILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g'] as const;

function CategoryTilesPlaceholder({ title }: { title: string }) {
  return (
    <section className="home-section" aria-busy="true" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <ul className="category-tiles" aria-hidden="true">
        {PLACEHOLDER_TILES.map((key) => (
          <li key={key}>
            <span className="category-tile category-tile--placeholder" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Home-page tiles, one per category in the brand's order, with its vendor count. */
export function CategoryTiles() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  if (menus.isPending) return <CategoryTilesPlaceholder title={t('home.categories')} />;
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
              to={categoryEntryPath(menu.gameCategory, menu.vendors)}
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
