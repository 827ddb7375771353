import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { GiftIcon } from '../../components/ui/icons.tsx';
import { QueryError } from '../../components/ui/QueryError.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { paths } from '../../config/paths.ts';
import { usePromotionAnnouncements } from '../../features/announcements/api/get-notices.ts';
import { formatDateTime } from '../../lib/format.ts';
import './pages.css';

/** /promotions (spec route): the brand's announcements of kind 'promotion'. */
export function Component() {
  const { t } = useTranslation();
  const announcements = usePromotionAnnouncements();
  return (
    <section className="page" aria-labelledby="promo-title">
      <h1 id="promo-title" className="page__title">
        {t('promo.title')}
      </h1>
      {announcements.isPending ? (
        <Spinner />
      ) : announcements.isError ? (
        <QueryError error={announcements.error} onRetry={() => announcements.refetch()} />
      ) : announcements.data.length === 0 ? (
        <EmptyState title={t('promo.empty')} icon={<GiftIcon />} />
      ) : (
        <ul className="promo-grid">
          {announcements.data.map((announcement) => (
            <li key={announcement.id}>
              <Link className="promo-card" to={paths.promoDetail.to(announcement.id)}>
                <span className="promo-card__tag">{t('promo.tag')}</span>
                <span className="promo-card__title">{announcement.title}</span>
                <time className="promo-card__date">{formatDateTime(announcement.timestamp)}</time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
