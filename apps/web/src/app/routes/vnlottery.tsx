import { useTranslation } from 'react-i18next';
import { LotteryRoute } from '../../features/lottery/components/LotteryRoute.tsx';

/** /vnlottery: the Vietnamese lottery lobby (account type TCG_LOTTO_VN). */
export function Component() {
  const { t } = useTranslation();
  return <LotteryRoute families={['vn-north', 'vn-south']} title={t('games.vnLottery')} />;
}
