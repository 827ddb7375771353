import { useQueryClient } from '@tanstack/react-query';
import { GameFrame } from '../../features/games/components/GameFrame.tsx';
import { BALANCE_KEY } from '../../lib/member-data.ts';
import { openModal } from '../../lib/modals.ts';
import './pages.css';

/** /game (byIframe): the launched game in a frame; its messages reach the balance and the deposit page. */
export function Component() {
  const queryClient = useQueryClient();
  return (
    <GameFrame
      onBalanceChanged={() => void queryClient.invalidateQueries({ queryKey: BALANCE_KEY })}
      onDeposit={() => openModal({ name: 'memberCentre', page: 'depositv2' })}
    />
  );
}
