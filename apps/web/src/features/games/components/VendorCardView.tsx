import type { VendorCard } from '@lotus/contracts/system';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

export function VendorCardView({ vendor }: { vendor: VendorCard }) {
  const { t } = useTranslation();
  return (
    <Link className="vendor-card" to={paths.rng.to(vendor.vassalage)}>
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
      {vendor.isHot ? <span className="badge badge--hot">{t('games.hot')}</span> : null}
    </Link>
  );
}
