import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { PromotionDetailView } from '../../features/promotions/components/PromotionDetailView.tsx';
import './pages.css';

/** /promoDetail?id= (spec route): one promotion's rules, content (sanitized), apply and claim. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { loggedIn } = useSession();
  return (
    <section className="page" aria-labelledby="promo-detail-title">
      <Link className="page__back" to={paths.promotions.to()}>
        ‹ {t('promo.back')}
      </Link>
      <PromotionDetailView id={params.get('id')} signedIn={loggedIn} />
    </section>
  );
}
