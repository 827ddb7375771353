import { useTranslation } from 'react-i18next';
import { LotteryLobby } from '../../features/lottery/components/LotteryLobby.tsx';

/** /seaLottery: the South-East Asian 4D lottery lobby (account type TCG_SEA). */
export function Component() {
  const { t } = useTranslation();
  return <LotteryLobby families={['sea4d']} title={t('games.seaLottery')} />;
}
