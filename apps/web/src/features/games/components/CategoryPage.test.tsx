import type { Game, GameListPage } from '@lotus/contracts/games';
import type { GameMenus } from '@lotus/contracts/system';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { closeModal, currentModal } from '../../../lib/modals.ts';
import { renderApp } from '../../../testing/render.tsx';
import { CategoryPage } from './CategoryPage.tsx';
import { SCROLL_THROTTLE_MS } from './GameGrid.tsx';

const MENUS: GameMenus = [
  { gameCategory: 'LIVE', vendors: [] },
  {
    gameCategory: 'RNG',
    vendors: [
      { vassalage: 'HOUSE', displayName: 'Lotus Studio', smallIcon: '/games/vendors/house.svg', isHot: true },
      { vassalage: 'BIG', displayName: 'Big Games', smallIcon: '', isHot: false },
    ],
  },
];

const game = (i: number, over: Partial<Game> = {}): Game => ({
  id: String(i),
  code: `g-${i}`,
  gameName: `Game ${i}`,
  gameCategory: 'RNG',
  gameType: 'SLOT',
  vassalage: 'HOUSE',
  accountTypeName: 'HOUSE',
  displayName: 'Lotus Studio',
  showIcon: `/games/icons/g-${i}.svg`,
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

/** The lobby's API: menus, game types and a 30-game list answered 24 then 6. */
function stubLobby(options: { favorites?: Game[] } = {}) {
  const all = Array.from({ length: 30 }, (_, i) => game(i + 1));
  const calls: URL[] = [];
  const ok = (value: unknown) => Response.json({ success: true, value, message: '', errorCode: '' });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://site.test');
    calls.push(url);
    switch (url.pathname) {
      case '/lgw/games/game_menus':
        return ok(MENUS);
      case '/wps/relay/GCSGAME_getVassGameType':
        return ok({ content: { RNG: { HOUSE: ['SLOT', 'CLASSIC'], BIG: ['SLOT'] } } });
      case '/wps/relay/GCSGAME_gameList': {
        const pageNo = Number(url.searchParams.get('pageNo'));
        const name = url.searchParams.get('gameName');
        const matching = name ? all.filter((g) => g.gameName.includes(name)) : all;
        const page: GameListPage = {
          games: matching.slice((pageNo - 1) * 24, pageNo * 24),
          pageNum: pageNo,
          totalPages: Math.ceil(matching.length / 24),
          total: matching.length,
        };
        return ok(page);
      }
      case '/wps/relay/MCSFE_getFavoriteGames': {
        const body = JSON.parse(String(init?.body)) as { gameId: string; action: string };
        return ok({ gameId: body.gameId, favorite: body.action === 'add' });
      }
      case '/wps/relay/MCSFE_getFavoriteGamesList': {
        const favorites = options.favorites ?? [];
        return ok({
          games: favorites,
          pageNum: 1,
          totalPages: favorites.length ? 1 : 0,
          total: favorites.length,
        });
      }
      default:
        return Response.json(
          { success: false, value: null, message: '', errorCode: 'not_found' },
          { status: 404 },
        );
    }
  });
  return { calls, lists: () => calls.filter((c) => c.pathname === '/wps/relay/GCSGAME_gameList') };
}

type Observed = { callback: IntersectionObserverCallback; target: Element | null };
let observers: Observed[] = [];

class FakeObserver {
  readonly entry: Observed;
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, target: null };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.target = target;
  }
  disconnect() {
    observers = observers.filter((o) => o !== this.entry);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

function scrollToEnd() {
  act(() => {
    for (const o of observers) {
      o.callback(
        [{ isIntersecting: true, target: o.target } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    }
  });
}

describe('<CategoryPage>', () => {
  beforeAll(() => loadErrorCatalogue());

  it('shows vendor tabs in server order and the first 24 games, then more on scroll (200 ms throttle)', async () => {
    observers = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const api = stubLobby();
    renderApp(<CategoryPage categories={['RNG']} />, { route: '/rng' });
    const tabs = await screen.findByRole('navigation', { name: 'Game providers' });
    expect(
      within(tabs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All providers', 'Lotus Studio', 'Big Games']);
    await waitFor(() => expect(screen.getAllByTestId('game-card')).toHaveLength(24));
    expect(screen.getByText('30 games')).toBeTruthy();
    expect(Object.fromEntries(api.lists()[0]?.searchParams ?? [])).toMatchObject({
      pageNo: '1',
      pageSize: '24',
      gameCategory: 'RNG',
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    scrollToEnd();
    // A second sighting inside 200 ms asks for nothing more.
    scrollToEnd();
    await waitFor(() => expect(screen.getAllByTestId('game-card')).toHaveLength(30));
    expect(api.lists().map((u) => u.searchParams.get('pageNo'))).toEqual(['1', '2']);
    vi.setSystemTime(Date.now() + SCROLL_THROTTLE_MS + 1);
    expect(screen.queryByRole('button', { name: 'Load more games' })).toBeNull();
  });

  it('narrows to a vendor tab (?page=) and searches by name', async () => {
    const api = stubLobby();
    renderApp(<CategoryPage categories={['RNG']} />, { route: '/rng' });
    fireEvent.click(await screen.findByRole('button', { name: 'Big Games' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/rng?page=BIG'));
    await waitFor(() => expect(api.lists().at(-1)?.searchParams.get('vassalage')).toBe('BIG'));
    // Big Games has one game type: no type filter; Lotus Studio has two.
    expect(screen.queryByLabelText('Game type')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lotus Studio' }));
    await waitFor(() => expect(api.lists().at(-1)?.searchParams.get('vassalage')).toBe('HOUSE'));
    fireEvent.change(screen.getByLabelText('Search games'), { target: { value: 'Game 1' } });
    await waitFor(() => expect(api.lists().at(-1)?.searchParams.get('gameName')).toBe('Game 1'), {
      timeout: 2000,
    });
    fireEvent.change(screen.getByLabelText('Min. bet'), { target: { value: '0.50' } });
    await waitFor(() => expect(api.lists().at(-1)?.searchParams.get('minBet')).toBe('0.50'));
    fireEvent.change(screen.getByLabelText('Game type'), { target: { value: 'SLOT' } });
    await waitFor(() => expect(api.lists().at(-1)?.searchParams.get('gameType')).toBe('SLOT'));
  });

  it('sends visitors who press play or the heart to the login popup', async () => {
    stubLobby();
    renderApp(<CategoryPage categories={['RNG']} />, { route: '/rng' });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Game 1' }));
    expect(currentModal()).toEqual({ name: 'login' });
    closeModal();
    fireEvent.click(screen.getByRole('button', { name: 'Add Game 2 to favourites' }));
    expect(currentModal()).toEqual({ name: 'login' });
    closeModal();
    expect(screen.getByTestId('location').textContent).toBe('/rng');
  });

  it('lets a member play, keep favourites and see them', async () => {
    window.sessionStorage.setItem('token', 'member-token');
    const api = stubLobby({ favorites: [game(3, { isFavorite: true })] });
    renderApp(<CategoryPage categories={['RNG']} />, { route: '/rng?page=HOUSE' });
    const heart = await screen.findByRole('button', { name: 'Add Game 3 to favourites' });
    fireEvent.click(heart);
    expect(await screen.findByRole('button', { name: 'Remove Game 3 from favourites' })).toBeTruthy();
    expect(api.calls.some((c) => c.pathname === '/wps/relay/MCSFE_getFavoriteGames')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Favourites' }));
    await waitFor(() => expect(screen.getAllByTestId('game-card')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'All games' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Play Game 1' }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/game?vendor=HOUSE&game=g-1&name=Game+1&back=%2Frng%3Fpage%3DHOUSE',
    );
  });

  it('shows a friendly empty state for a category without games, never a dead end', async () => {
    stubLobby();
    renderApp(<CategoryPage categories={['LIVE']} />, { route: '/live' });
    expect(await screen.findByText('No games yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse slots' }).getAttribute('href')).toBe('/rng');
  });
});
