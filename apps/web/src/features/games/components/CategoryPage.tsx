import type { GameCategory } from '@lotus/contracts/system';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useGameMenus } from '../api/get-game-menus.ts';
import { CATEGORY_ICON, categoryLabel } from '../lib/categories.ts';
import { VendorCardView } from './VendorCardView.tsx';

/** A category page (live, sports, fish, ...): its vendors from game_menus, or an honest empty state. */
export function CategoryPage({
  categories,
  selectedVendor,
  title: customTitle,
}: {
  categories: readonly GameCategory[];
  selectedVendor?: string | null;
  title?: string;
}) {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const primary = categories[0]!;
  const title = customTitle ?? categoryLabel(t, primary);

  if (menus.isPending) return <Spinner />;
  if (menus.isError) return <QueryError error={menus.error} onRetry={() => menus.refetch()} />;

  const vendors = menus.data
    .filter((menu) => categories.includes(menu.gameCategory))
    .flatMap((menu) => menu.vendors);
  const selected = selectedVendor ? vendors.find((vendor) => vendor.vassalage === selectedVendor) : undefined;

  return (
    <section className="page category-page" aria-labelledby="category-title">
      <header className="category-page__hero">
        <span className="category-page__icon" aria-hidden="true">
          {createElement(CATEGORY_ICON[primary])}
        </span>
        <div>
          <h1 id="category-title" className="page__title">
            {title}
          </h1>
          <p className="page__lead">
            {selected ? t('games.vendorSelected', { vendor: selected.displayName }) : t('games.categoryLead')}
          </p>
        </div>
      </header>
      {vendors.length === 0 ? (
        <EmptyState title={t('games.noGamesYet')}>{t('games.noGamesYetHint')}</EmptyState>
      ) : (
        <ul className="vendor-grid">
          {vendors.map((vendor) => (
            <li key={vendor.vassalage}>
              <VendorCardView vendor={vendor} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
