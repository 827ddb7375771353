import type { GameCategory, VendorCard } from '@lotus/contracts/system';
import { createElement, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import {
  CATEGORY_ICON,
  categoryEntryPath,
  categoryLabel,
  dropdownPage,
  dropdownPageCount,
} from '../lib/categories.ts';
import { VendorCardView } from './VendorCardView.tsx';

/**
 * One bottom-nav category with its vendor dropdown, opened by hover or keyboard focus and closed
 * by leaving it or Escape. Vendors page 21 then 18 at a time; an empty category says so.
 */
export function CategoryNavItem({ category, vendors }: { category: GameCategory; vendors: VendorCard[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const panelId = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const label = categoryLabel(t, category);
  const pageCount = dropdownPageCount(vendors.length);

  const show = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hide = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      setOpen(false);
      setPage(1);
    }, 120);
  };

  return (
    <li
      className="bottom-nav__item"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hide();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <NavLink
        to={categoryEntryPath(category, vendors)}
        className="bottom-nav__link"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
      >
        <span className="bottom-nav__icon" aria-hidden="true">
          {createElement(CATEGORY_ICON[category])}
        </span>
        {label}
      </NavLink>
      <section
        id={panelId}
        className="vendor-dropdown"
        hidden={!open}
        aria-label={t('games.vendorsOf', { category: label })}
      >
        {vendors.length === 0 ? (
          <p className="vendor-dropdown__empty">{t('games.noGamesYet')}</p>
        ) : (
          <>
            <ul className="vendor-dropdown__grid">
              {dropdownPage(vendors, page).map((vendor) => (
                <li key={vendor.vassalage}>
                  <VendorCardView vendor={vendor} category={category} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageCount={pageCount}
              onChange={setPage}
              label={t('games.vendorPages', { category: label })}
            />
          </>
        )}
      </section>
    </li>
  );
}
