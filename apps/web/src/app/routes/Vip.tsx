import { useTranslation } from 'react-i18next';
import { VipClub } from '../../features/vip/components/VipClub.tsx';
import './pages.css';

/** /vip: the brand's VIP levels and, for a signed-in member, their rank and progress (issue 15). */
export function Component() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="vip-title">
      <h1 id="vip-title" className="page__title">
        {t('vip.title')}
      </h1>
      <p className="page__lead">{t('vip.lead')}</p>
      <VipClub />
    </section>
  );
}
