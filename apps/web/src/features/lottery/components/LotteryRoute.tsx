import type { LotteryFamily } from '@lotus/contracts/lottery';
import { useSearchParams } from 'react-router';
import { LotteryGamePage } from './LotteryGamePage.tsx';
import { LotteryLobby } from './LotteryLobby.tsx';

/**
 * A lottery route (/lottery, /elott, /vnlottery, /seaLottery): with `?gameCode=` (and optionally
 * `playType=`, a playId or play code) the game's betting page, else the lobby of the route's games.
 */
export function LotteryRoute(props: {
  title: string;
  families?: readonly LotteryFamily[];
  category?: 'LOTT' | 'ELOTT';
}) {
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  if (gameCode) return <LotteryGamePage gameCode={gameCode} playType={params.get('playType') ?? undefined} />;
  return <LotteryLobby {...props} />;
}
