import { HotGames } from './HotGames.tsx';
import { WinnersBoard } from './WinnersBoard.tsx';

/** The home page's game sections (hot games, winners board), loaded after the first paint. */
export function HomeGames() {
  return (
    <>
      <HotGames />
      <WinnersBoard />
    </>
  );
}
