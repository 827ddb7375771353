import { useTranslation } from 'react-i18next';
import { LotteryLobby } from '../../features/lottery/components/LotteryLobby.tsx';

/** /elott: the e-lottery lobby (the platform's fast games, category ELOTT). */
export function Component() {
  const { t } = useTranslation();
  return <LotteryLobby category="ELOTT" title={t('category.elott')} />;
}
