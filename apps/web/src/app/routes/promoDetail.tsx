import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { SafeHtml } from '../../components/ui/SafeHtml.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useNotices } from '../../features/announcements/api/get-notices.ts';
import './pages.css';

/** /promoDetail?id=: one promotion. Applying and claiming arrive with member accounts. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const notices = useNotices();
  if (notices.isPending) return <Spinner />;
  const promotion = notices.data?.promotion.find((item) => item.id === params.get('id'));
  return (
    <section className="page" aria-labelledby="promo-detail-title">
      <Link className="page__back" to={paths.promotions.to()}>
        ‹ {t('promo.back')}
      </Link>
      {promotion ? (
        <article>
          <h1 id="promo-detail-title" className="page__title">
            {promotion.title}
          </h1>
          <SafeHtml className="rich-text card" html={promotion.content} />
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
