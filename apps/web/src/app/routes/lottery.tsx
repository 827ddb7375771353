import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LotteryGamePage } from '../../features/lottery/components/LotteryGamePage.tsx';
import { LotteryLobby } from '../../features/lottery/components/LotteryLobby.tsx';

/** /lottery?gameCode=&playType=: the lottery lobby, or a game's betting page (header only). */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  const playType = params.get('playType') ?? undefined;
  return gameCode ? (
    <LotteryGamePage gameCode={gameCode} playType={playType} />
  ) : (
    <LotteryLobby title={t('category.lottery')} />
  );
}
