import { useTranslation } from 'react-i18next';
import { useGameMenus } from '../api/get-game-menus.ts';

/** Footer strip of every vendor's logo, once per vendor across categories. */
export function VendorStrip() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const byCode = new Map((menus.data ?? []).flatMap((menu) => menu.vendors).map((v) => [v.vassalage, v]));
  const vendors = [...byCode.values()];

  return (
    <section className="vendor-strip" aria-label={t('footer.providers')}>
      {vendors.length === 0 ? (
        <p className="vendor-strip__empty">{t('footer.providersSoon')}</p>
      ) : (
        <ul className="vendor-strip__list">
          {vendors.map((vendor) => (
            <li key={vendor.vassalage} className="vendor-strip__item">
              {vendor.smallIcon ? (
                <img src={vendor.smallIcon} alt={vendor.displayName} loading="lazy" height="32" />
              ) : (
                <span>{vendor.displayName}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
