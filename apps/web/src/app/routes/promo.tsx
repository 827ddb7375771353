import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { PromotionCardsView } from '../../features/promotions/components/PromotionCardsView.tsx';
import './pages.css';

/** /promotions (spec route): the brand's promotions with the member's state and call to action. */
export function Component() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  return (
    <section className="page" aria-labelledby="promo-title">
      <h1 id="promo-title" className="page__title">
        {t('promo.title')}
      </h1>
      <PromotionCardsView signedIn={loggedIn} detailPath={(id) => paths.promoDetail.to(id)} />
    </section>
  );
}
