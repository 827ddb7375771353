import { useTranslation } from 'react-i18next';
import { LotteryLobby } from '../../features/lottery/components/LotteryLobby.tsx';

/** /vnlottery: the Vietnamese lottery lobby (account type TCG_LOTTO_VN). */
export function Component() {
  const { t } = useTranslation();
  return <LotteryLobby families={['vn-north', 'vn-south']} title={t('games.vnLottery')} />;
}
