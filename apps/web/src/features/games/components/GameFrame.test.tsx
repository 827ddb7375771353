import { GAME_MESSAGE_SOURCE } from '@lotus/contracts/game-launch';
import type { Game } from '@lotus/contracts/games';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { currentModal } from '../../../lib/modals.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { GameFrame } from './GameFrame.tsx';

const GAME_URL =
  'http://localhost:8081/play/lotus-garden?launch=tok123&game=lotus-garden&lang=EN&merchant=DEMO';

function signIn() {
  window.sessionStorage.setItem('token', 'member-token');
  window.sessionStorage.setItem('isAgent', '0');
}

function frameAt(route: string) {
  const onBalanceChanged = vi.fn();
  const onDeposit = vi.fn();
  const view = renderApp(<GameFrame onBalanceChanged={onBalanceChanged} onDeposit={onDeposit} />, { route });
  return { ...view, onBalanceChanged, onDeposit };
}

function post(data: unknown, origin: string, source: MessageEventSource | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

const game = (code: string): Game => ({
  id: code,
  code,
  gameName: `${code} name`,
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
});

describe('<GameFrame> (/game)', () => {
  beforeAll(() => loadErrorCatalogue());

  it("launches the game and frames the vendor's page with the launch token", async () => {
    signIn();
    const api = stubApi({ '/wps/game/launchGame': { content: { game_url: GAME_URL, mode: 'real' } } });
    vi.stubGlobal('fetch', api.fetchMock);
    frameAt('/game?vendor=HOUSE&game=lotus-garden&name=Lotus%20Garden&back=%2Frng');
    const frame = (await screen.findByTestId('game-iframe')) as HTMLIFrameElement;
    expect(frame.src).toBe(GAME_URL);
    expect(screen.getByRole('heading', { name: 'Lotus Garden' })).toBeTruthy();
    const launch = new URL(api.calls[0]?.url ?? '', 'http://x');
    expect(Object.fromEntries(launch.searchParams)).toMatchObject({
      vassalage: 'HOUSE',
      gameId: 'lotus-garden',
      accountType: '1',
      launchMode: 'GLS',
    });
    expect(api.calls).toHaveLength(1);
  });

  it("obeys the game's messages from its own frame only, and refreshes the balance on the way out", async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      stubApi({ '/wps/game/launchGame': { content: { game_url: GAME_URL, mode: 'demo' } } }).fetchMock,
    );
    const view = frameAt('/game?vendor=HOUSE&game=lotus-garden&back=%2Frng%3Fpage%3DHOUSE');
    const frame = (await screen.findByTestId('game-iframe')) as HTMLIFrameElement;
    expect(screen.getByText('Demo balance')).toBeTruthy();
    const source = frame.contentWindow;
    post({ source: GAME_MESSAGE_SOURCE, type: 'balance' }, 'http://localhost:8081', source);
    expect(view.onBalanceChanged).toHaveBeenCalledTimes(1);
    post({ source: GAME_MESSAGE_SOURCE, type: 'deposit' }, 'http://localhost:8081', source);
    expect(view.onDeposit).toHaveBeenCalledTimes(1);
    // Another origin, another window or a foreign shape: ignored.
    post({ source: GAME_MESSAGE_SOURCE, type: 'deposit' }, 'https://evil.test', source);
    post({ source: GAME_MESSAGE_SOURCE, type: 'deposit' }, 'http://localhost:8081', window);
    post({ source: 'other', type: 'deposit' }, 'http://localhost:8081', source);
    expect(view.onDeposit).toHaveBeenCalledTimes(1);
    post({ source: GAME_MESSAGE_SOURCE, type: 'lobby' }, 'http://localhost:8081', source);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/rng?page=HOUSE'));
    // Leaving the frame (the route unmounts it) refreshes the balance once more.
    view.unmount();
    expect(view.onBalanceChanged).toHaveBeenCalledTimes(2);
  });

  it('asks for free play with accountType 0 and goes back with the back button', async () => {
    signIn();
    const api = stubApi({ '/wps/game/launchGame': { content: { game_url: GAME_URL, mode: 'free' } } });
    vi.stubGlobal('fetch', api.fetchMock);
    frameAt('/game?vendor=HOUSE&game=lotus-garden&free=1&back=https%3A%2F%2Fevil.test');
    await screen.findByTestId('game-iframe');
    expect(new URL(api.calls[0]?.url ?? '', 'http://x').searchParams.get('accountType')).toBe('0');
    expect(screen.getByText('Free play: no money is used')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Back to the lobby/ }));
    expect(screen.getByTestId('location').textContent).toBe('/index');
  });

  it('offers recommended games when the game is under maintenance', async () => {
    signIn();
    vi.stubGlobal('fetch', async () =>
      Response.json({
        success: false,
        value: { recommended: [game('jade-ways'), game('lucky-sevens')] },
        message: 'This game is under maintenance. Try one of these instead.',
        errorCode: 'game_maintenance',
      }),
    );
    frameAt('/game?vendor=HOUSE&game=lotus-garden');
    expect(await screen.findByRole('heading', { name: 'This game is under maintenance' })).toBeTruthy();
    expect(screen.getByText('jade-ways name')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Play lucky-sevens name' }));
    expect(screen.getByTestId('location').textContent).toContain('/game?vendor=HOUSE&game=lucky-sevens');
  });

  it('opens the login popup for a visitor and launches nothing', async () => {
    const api = stubApi({});
    vi.stubGlobal('fetch', api.fetchMock);
    frameAt('/game?vendor=HOUSE&game=lotus-garden');
    expect(await screen.findByText('Log in to play this game.')).toBeTruthy();
    expect(currentModal()).toEqual({ name: 'login' });
    expect(api.calls).toHaveLength(0);
  });

  it('says so when no game is named', () => {
    signIn();
    frameAt('/game');
    expect(screen.getByText('No game is open. Choose a game from a category to play.')).toBeTruthy();
  });
});
