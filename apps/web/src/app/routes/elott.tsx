import { useTranslation } from 'react-i18next';
import { LotteryRoute } from '../../features/lottery/components/LotteryRoute.tsx';

/** /elott: the e-lottery lobby (the platform's fast games, category ELOTT). */
export function Component() {
  const { t } = useTranslation();
  return <LotteryRoute category="ELOTT" title={t('category.elott')} />;
}
