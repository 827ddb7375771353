import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { GiftIcon } from '../../components/ui/icons.tsx';
import './pages.css';

/** /pointMall: points are earned by members' bets; the mall opens with accounts and wallets. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="mall-title">
      <h1 id="mall-title" className="page__title">
        {t('pointMall.title')}
      </h1>
      <p className="page__lead">{t('pointMall.lead')}</p>
      <EmptyState title={t('pointMall.empty')} icon={<GiftIcon />} />
    </section>
  );
}
