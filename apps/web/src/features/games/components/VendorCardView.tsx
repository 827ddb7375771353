import type { GameCategory, VendorCard } from '@lotus/contracts/system';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryPath } from '../lib/categories.ts';

/** A vendor of a category (dropdown, category tiles): logo, name, hot badge and its play button. */
export function VendorCardView({ vendor, category }: { vendor: VendorCard; category: GameCategory }) {
  const { t } = useTranslation();
  const to = categoryPath(category, vendor.vassalage);
  return (
    <div className="vendor-card">
      <Link className="vendor-card__link" to={to}>
        {vendor.smallIcon ? (
          <img
            className="vendor-card__icon"
            src={vendor.smallIcon}
            alt=""
            loading="lazy"
            width="48"
            height="48"
          />
        ) : (
          <span className="vendor-card__icon vendor-card__icon--text" aria-hidden="true">
            {vendor.displayName.slice(0, 2)}
          </span>
        )}
        <span className="vendor-card__name">{vendor.displayName}</span>
      </Link>
      {vendor.isHot ? <span className="badge badge--hot">{t('games.hot')}</span> : null}
      <Link
        className="button button--primary vendor-card__play"
        to={to}
        aria-label={t('games.playVendor', { vendor: vendor.displayName })}
      >
        {t('games.play')}
      </Link>
    </div>
  );
}
