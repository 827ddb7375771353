import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { GiftIcon } from '../../components/ui/icons.tsx';
import { QueryError } from '../../components/ui/QueryError.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useNotices } from '../../features/announcements/api/get-notices.ts';
import { formatDateTime } from '../../lib/format.ts';
import './pages.css';

/** /promotions: the brand's promotion announcements. */
export function Component() {
  const { t } = useTranslation();
  const notices = useNotices();
  return (
    <section className="page" aria-labelledby="promo-title">
      <h1 id="promo-title" className="page__title">
        {t('promo.title')}
      </h1>
      {notices.isPending ? (
        <Spinner />
      ) : notices.isError ? (
        <QueryError error={notices.error} onRetry={() => notices.refetch()} />
      ) : notices.data.promotion.length === 0 ? (
        <EmptyState title={t('promo.empty')} icon={<GiftIcon />} />
      ) : (
        <ul className="promo-grid">
          {notices.data.promotion.map((promotion) => (
            <li key={promotion.id}>
              <Link className="promo-card" to={paths.promoDetail.to(promotion.id)}>
                <span className="promo-card__tag">{t('promo.tag')}</span>
                <span className="promo-card__title">{promotion.title}</span>
                <time className="promo-card__date">{formatDateTime(promotion.timestamp)}</time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
