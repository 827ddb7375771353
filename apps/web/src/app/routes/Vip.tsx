import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { CrownIcon } from '../../components/ui/icons.tsx';
import './pages.css';

/** /vip: VIP levels arrive with the rewards domain (issue 15). */
export function Component() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="vip-title">
      <h1 id="vip-title" className="page__title">
        {t('vip.title')}
      </h1>
      <p className="page__lead">{t('vip.lead')}</p>
      <EmptyState title={t('vip.empty')} icon={<CrownIcon />} />
    </section>
  );
}
