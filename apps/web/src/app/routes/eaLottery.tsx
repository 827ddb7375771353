import { useTranslation } from 'react-i18next';
import { LotteryRoute } from '../../features/lottery/components/LotteryRoute.tsx';

/** /seaLottery: the South-East Asian 4D lottery lobby (account type TCG_SEA). */
export function Component() {
  const { t } = useTranslation();
  return <LotteryRoute families={['sea4d']} title={t('games.seaLottery')} />;
}
