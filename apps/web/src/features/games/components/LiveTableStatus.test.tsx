import type { Game, GameListPage } from '@lotus/contracts/games';
import type { GameMenus } from '@lotus/contracts/system';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render.tsx';
import { CategoryPage } from './CategoryPage.tsx';
import { bead } from './LiveTableStatus.tsx';

const MENUS: GameMenus = [
  {
    gameCategory: 'LIVE',
    vendors: [
      { vassalage: 'HOUSE', displayName: 'Lotus Studio', smallIcon: '/games/vendors/house.svg', isHot: true },
    ],
  },
];

const table = (code: string, name: string, gameType: string): Game => ({
  id: code,
  code,
  gameName: name,
  gameCategory: 'LIVE',
  gameType,
  vassalage: 'HOUSE',
  accountTypeName: 'HOUSE',
  displayName: 'Lotus Studio',
  showIcon: `/games/icons/${code}.svg`,
  isHot: false,
  supportPlay: false,
  minBet: '0.10',
  lines: 0,
  status: 'active',
  isFavorite: false,
  defaultPlayType: '',
  isGame: 'GAME',
  nodeName: '',
});

function stub(lobby: 'up' | 'down') {
  const ok = (value: unknown) => Response.json({ success: true, value, message: '', errorCode: '' });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://site.test');
    switch (url.pathname) {
      case '/lgw/games/game_menus':
        return ok(MENUS);
      case '/wps/relay/GCSGAME_getVassGameType':
        return ok({ content: { LIVE: { HOUSE: ['BAC', 'ROU'] } } });
      case '/wps/relay/GCSGAME_gameList': {
        const page: GameListPage = {
          games: [
            table('live-baccarat', 'Lotus Baccarat', 'BAC'),
            table('live-roulette', 'Lotus Roulette', 'ROU'),
          ],
          pageNum: 1,
          totalPages: 1,
          total: 2,
        };
        return ok(page);
      }
      case '/lgw/games/live_lobby':
        return ok({
          tables:
            lobby === 'up'
              ? [
                  {
                    vassalage: 'HOUSE',
                    gameId: 'live-baccarat',
                    gameType: 'BAC',
                    phase: 'betting',
                    msLeft: 9000,
                    roundNumber: 4,
                    recent: ['banker', 'player', 'tie'],
                  },
                  {
                    vassalage: 'HOUSE',
                    gameId: 'live-roulette',
                    gameType: 'ROU',
                    phase: 'closed',
                    msLeft: 0,
                    roundNumber: 2,
                    recent: ['0', '32'],
                  },
                ]
              : [
                  {
                    vassalage: 'HOUSE',
                    gameId: 'live-baccarat',
                    gameType: 'BAC',
                    phase: 'unknown',
                    msLeft: 0,
                    roundNumber: 0,
                    recent: [],
                  },
                ],
        });
      default:
        return Response.json(
          { success: false, value: null, message: '', errorCode: 'not_found' },
          { status: 404 },
        );
    }
  });
}

describe('the live page', () => {
  it("shows each table's phase, countdown and road preview", async () => {
    stub('up');
    renderApp(<CategoryPage categories={['LIVE']} />, { route: '/live' });
    const statuses = await screen.findAllByTestId('live-status');
    expect(statuses).toHaveLength(2);
    const [baccarat, roulette] = statuses as [HTMLElement, HTMLElement];
    expect(baccarat.dataset.phase).toBe('betting');
    expect(within(baccarat).getByText(/^Betting · [89] s$/)).toBeTruthy();
    const beads = within(baccarat).getAllByRole('listitem');
    expect(beads.map((b) => b.textContent)).toEqual(['B', 'P', 'T']);
    expect(within(roulette).getByText('Betting closed')).toBeTruthy();
    expect(
      within(roulette)
        .getAllByRole('listitem')
        .map((b) => b.className),
    ).toEqual(['live-road__bead live-road__bead--green', 'live-road__bead live-road__bead--red']);
  });

  it('says the state is unavailable when the vendor is down, and still offers the table', async () => {
    stub('down');
    renderApp(<CategoryPage categories={['LIVE']} />, { route: '/live' });
    const status = await screen.findByTestId('live-status');
    expect(within(status).getByText('Table state unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play Lotus Baccarat' })).toBeTruthy();
  });
});

describe('road beads', () => {
  it('colours each game', () => {
    expect(bead('banker')).toEqual({ text: 'B', tone: 'red' });
    expect(bead('dragon')).toEqual({ text: 'D', tone: 'blue' });
    expect(bead('17')).toEqual({ text: '17', tone: 'black' });
    expect(bead('4-5-6')).toEqual({ text: '15', tone: 'red' });
    expect(bead('2-2-2')).toEqual({ text: '6', tone: 'green' });
  });
});
