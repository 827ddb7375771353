import { useTranslation } from 'react-i18next';
import { LotteryRoute } from '../../features/lottery/components/LotteryRoute.tsx';

/** /lottery?gameCode=&playType=: the lottery lobby (every family), or a game's betting page (header only). */
export function Component() {
  const { t } = useTranslation();
  return <LotteryRoute title={t('category.lottery')} />;
}
