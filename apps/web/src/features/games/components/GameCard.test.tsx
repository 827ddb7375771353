import type { Game } from '@lotus/contracts/games';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { lotteryGamePath } from '../lib/play.ts';
import { GameCard } from './GameCard.tsx';

const game = (over: Partial<Game> = {}): Game => ({
  id: '1',
  code: 'lotus-garden',
  gameName: 'Lotus Garden',
  gameCategory: 'RNG',
  gameType: 'SLOT',
  vassalage: 'HOUSE',
  accountTypeName: 'HOUSE',
  displayName: 'Lotus Studio',
  showIcon: '',
  isHot: false,
  supportPlay: false,
  minBet: '0.20',
  lines: 20,
  status: 'active',
  isFavorite: false,
  defaultPlayType: '',
  isGame: 'GAME',
  nodeName: '',
  ...over,
});

describe('<GameCard> and the game fields of spec §3', () => {
  it('shows a game node name beside the vendor and plays the game itself', () => {
    const onPlay = vi.fn();
    renderApp(<GameCard game={game({ nodeName: 'Lotus hall' })} onPlay={onPlay} />);
    expect(screen.getByText(/Lotus hall/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Play Lotus Garden' }));
    expect(onPlay).toHaveBeenCalledWith(expect.objectContaining({ code: 'lotus-garden' }));
  });

  it("opens a VASSALAGE entry's game list in a popup, and plays a game from it", async () => {
    const api = stubApi({
      '/wps/relay/GCSGAME_gameList': {
        games: [
          game({ id: '2', code: 'jade-ways', gameName: 'Jade Ways' }),
          game({ id: '3', code: 'house-all', gameName: 'All games', isGame: 'VASSALAGE' }),
        ],
        pageNum: 1,
        totalPages: 1,
      },
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const onPlay = vi.fn();
    renderApp(
      <GameCard
        game={game({ code: 'house-all', gameName: 'All games', isGame: 'VASSALAGE' })}
        onPlay={onPlay}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Play/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open the game list' }));
    const popup = await screen.findByTestId('vendor-games');
    expect(within(popup).getByRole('heading', { name: 'Lotus Studio: games' })).toBeTruthy();
    const play = await within(popup).findByRole('button', { name: 'Play Jade Ways' });
    // The entry itself is not listed in its own popup.
    expect(within(popup).queryByText('All games')).toBeNull();
    expect(new URL(api.calls[0]?.url ?? '', 'http://x').searchParams.get('vassalage')).toBe('HOUSE');
    fireEvent.click(play);
    expect(onPlay).toHaveBeenCalledWith(expect.objectContaining({ code: 'jade-ways' }));
    await waitFor(() => expect(screen.queryByTestId('vendor-games')).toBeNull());
  });

  it('starts lottery games on the lottery pages by account type, with their default play type', () => {
    expect(
      lotteryGamePath(game({ accountTypeName: 'LOTT', code: 'LOTT1', defaultPlayType: 'front3-straight' })),
    ).toBe('/lottery?gameCode=LOTT1&playType=front3-straight');
    expect(lotteryGamePath(game({ accountTypeName: 'ELOTT', code: 'DICE1' }))).toBe(
      '/lottery?gameCode=DICE1',
    );
    expect(lotteryGamePath(game({ accountTypeName: 'TCG_SEA' }))).toBe('/seaLottery');
    expect(lotteryGamePath(game({ accountTypeName: 'TCG_LOTTO_VN' }))).toBe('/vnlottery');
    expect(lotteryGamePath(game())).toBeNull();
  });
});
