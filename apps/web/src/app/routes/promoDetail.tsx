import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { SafeHtml } from '../../components/ui/SafeHtml.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { paths } from '../../config/paths.ts';
import { usePromotionAnnouncements } from '../../features/announcements/api/get-notices.ts';
import './pages.css';

/**
 * /promoDetail?id= (spec route): one announcement of kind 'promotion'. Applying and claiming belong
 * to the rewards domain's promotions (issue 15), not to announcements.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const announcements = usePromotionAnnouncements();
  if (announcements.isPending) return <Spinner />;
  const announcement = announcements.data?.find((item) => item.id === params.get('id'));
  return (
    <section className="page" aria-labelledby="promo-detail-title">
      <Link className="page__back" to={paths.promotions.to()}>
        ‹ {t('promo.back')}
      </Link>
      {announcement ? (
        <article>
          <h1 id="promo-detail-title" className="page__title">
            {announcement.title}
          </h1>
          <SafeHtml className="rich-text card" html={announcement.content} />
        </article>
      ) : (
        <>
          <h1 id="promo-detail-title" className="visually-hidden">
            {t('promo.title')}
          </h1>
          <EmptyState title={t('promo.notFound')} />
        </>
      )}
    </section>
  );
}
