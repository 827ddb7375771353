// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameState } from '../lib/api.ts';
import EN_ERRORS from '../locales/EN/errors.json';
import EN_LIVE from '../locales/EN/live.json';
import MS_LIVE from '../locales/MS/live.json';
import { testResources } from '../testing/texts.ts';
import type { LiveRound, TableState, TableView } from './api.ts';
import { spotsOf } from './grid.ts';
import { type LiveGameCode, type OwnBet, spotKey } from './logic.ts';

/** The texts the assertions name, as the page reads them (`live.*` is live.json, `errors.*` errors.json). */
const EN = { live: EN_LIVE, errors: EN_ERRORS };
const MS = { live: MS_LIVE };

/**
 * The betting grid of the live page in jsdom, each game: the page as the player gets it, its HTTP
 * calls intercepted at the api module (liveApi), the table's socket a stand-in for socket.io-client
 * (the test plays the server's events), the PixiJS table view left out (jsdom has no WebGL).
 */

const api = vi.hoisted(() => ({
  openSession: vi.fn(),
  state: vi.fn(),
  table: vi.fn(),
  history: vi.fn(),
  bet: vi.fn(),
  undo: vi.fn(),
  rebet: vi.fn(),
  round: vi.fn(),
}));
vi.mock('./api.ts', async (original) => ({ ...(await original<typeof import('./api.ts')>()), liveApi: api }));

type Handler = (...args: unknown[]) => void;
const sockets = vi.hoisted(() => ({
  list: [] as { handlers: Map<string, Handler[]>; joinAck: unknown; joins: number }[],
}));
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = {
      handlers: new Map<string, Handler[]>(),
      joinAck: null as unknown,
      joins: 0,
      connected: true,
      on(event: string, handler: Handler) {
        socket.handlers.set(event, [...(socket.handlers.get(event) ?? []), handler]);
        return socket;
      },
      emit(event: string, _payload: unknown, ack: (answer: unknown) => void) {
        if (event !== 'join') return;
        socket.joins += 1;
        ack(socket.joinAck);
      },
      connect() {},
      disconnect() {},
    };
    sockets.list.push(socket);
    return socket;
  },
}));
vi.mock('./table-view.ts', () => ({
  LiveTableView: {
    create: async () => ({ idle() {}, show: async () => {}, destroy() {} }),
  },
}));

const { ApiError } = await import('./api.ts');
const { default: LivePage } = await import('./LivePage.tsx');

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    resources: testResources(),
    lng: 'EN',
    fallbackLng: 'EN',
    interpolation: { escapeValue: false },
  });
});

const TABLES: Record<LiveGameCode, string> = {
  BAC: 'live-baccarat-1',
  DAT: 'live-dragon-tiger-1',
  ROU: 'live-roulette-1',
  SIC: 'live-sicbo-1',
};

/** Chips from the main bets' minimum 1.00: 1.00, 5.00, 10.00, 25.00, 100.00, 500.00; a straight up stops at 10.00. */
const LIMITS = {
  perBet: { '*': { min: '100', max: '50000' }, straight: { min: '100', max: '1000' } },
  perRound: '200000',
};

function tableOf(game: LiveGameCode): TableView {
  return {
    id: TABLES[game],
    game,
    name: game,
    variant: game === 'BAC' ? 'commission' : null,
    betKinds: {},
    limits: { MYR: LIMITS },
    bettingMs: 15_000,
    closedMs: 3_000,
    resultMs: 5_000,
  };
}

function roundOf(game: LiveGameCode, phase: LiveRound['phase'] = 'betting'): LiveRound {
  const now = Date.now();
  return {
    id: `round-${game}`,
    table: TABLES[game],
    game,
    number: 7,
    phase,
    closesAt: new Date(now + 60_000).toISOString(),
    msLeft: 60_000,
    serverTime: new Date(now).toISOString(),
    commitment: 'c',
    shoe: null,
    shoeStart: null,
    result: null,
    roundSeed: null,
  };
}

const STATE = {
  session: {
    mode: 'real',
    nickname: 'p',
    game: 'live',
    currency: 'MYR',
    currencyLabel: 'RM',
    scale: 2,
    language: 'EN',
  },
  balance: '100000',
  fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
  freeRounds: [],
} as unknown as GameState;

const stateWith = (game: LiveGameCode, bets: OwnBet[] = []): TableState => ({
  round: roundOf(game),
  totals: {},
  bets,
  balance: '100000',
});

let wide = false;

async function open(game: LiveGameCode, bets: OwnBet[] = [], language: 'EN' | 'MS' = 'EN') {
  sessionStorage.setItem(`house-vendor:${TABLES[game]}`, 'session-token');
  api.state.mockResolvedValue(STATE);
  api.table.mockResolvedValue({ ...stateWith(game, bets), table: tableOf(game) });
  const road = { cells: [] };
  const roads =
    game === 'BAC' || game === 'DAT'
      ? { bead: [], big: road, bigEyeBoy: road, smallRoad: road, cockroachPig: road }
      : { strip: [] };
  api.history.mockResolvedValue({ table: TABLES[game], shoe: null, rounds: [], roads });
  const before = sockets.list.length;
  render(
    <I18nextProvider i18n={i18n}>
      <LivePage table={TABLES[game]} />
    </I18nextProvider>,
  );
  await screen.findByRole('region', { name: (language === 'MS' ? MS : EN).live.grid });
  // The socket opens in an effect once the session is there.
  const socket = await vi.waitFor(() => {
    const mine = sockets.list[before];
    if (!mine) throw new Error('no socket yet');
    return mine;
  });
  socket.joinAck = { ok: true, ...stateWith(game, bets) };
  await act(async () => {
    for (const handler of socket.handlers.get('connect') ?? []) handler();
  });
  return socket;
}

const grid = () => document.querySelector<HTMLElement>('.live-bets')!;
const spot = (key: string) => grid().querySelector<HTMLButtonElement>(`[data-spot="${key}"]`)!;
const chip = (text: string) => within(document.querySelector<HTMLElement>('.chips')!).getByText(text);
const bet = (kind: string, numbers: number[], stake: string): OwnBet => ({
  id: `${kind}-${numbers.join('-')}-${stake}`,
  kind,
  numbers,
  stake,
  status: 'placed',
  payout: null,
});

beforeEach(() => {
  sockets.list.length = 0;
  for (const fn of Object.values(api)) fn.mockReset();
  wide = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  if (i18n.language !== 'EN') await i18n.changeLanguage('EN');
});

describe('the live betting grid', () => {
  const cases: [LiveGameCode, string, number[] | undefined, string][] = [
    ['BAC', 'banker', undefined, 'Bet 5.00 on Banker'],
    ['DAT', 'tie', undefined, 'Bet 5.00 on Tie'],
    ['SIC', 'combination', [2, 5], 'Bet 5.00 on Combination 2-5'],
    ['ROU', 'split', [17, 18], 'Bet 5.00 on Split 17-18'],
  ];
  for (const [game, kind, numbers, name] of cases) {
    it(`${game}: a spot clicked with a chip selected places that chip on that spot`, async () => {
      await open(game);
      fireEvent.click(chip('5.00'));
      api.bet.mockResolvedValue({ ...stateWith(game, [bet(kind, numbers ?? [], '500')]) });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name }));
      });
      expect(api.bet).toHaveBeenCalledTimes(1);
      const [token, table, input] = api.bet.mock.calls[0]!;
      expect(token).toBe('session-token');
      expect(table).toBe(TABLES[game]);
      expect(input).toEqual({
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kind,
        ...(numbers ? { numbers } : {}),
        stake: '500',
      });
      // The answer's bets show on the spot and in the round's total.
      const key = spotKey({ kind, numbers });
      expect(spot(key).classList.contains('has-own')).toBe(true);
      expect(screen.getByText(EN.live.staked.replace('{{amount}}', '5.00'))).toBeTruthy();
    });

    it(`${game}: every spot is a button with its own name; all are disabled outside betting`, async () => {
      const socket = await open(game);
      const buttons = [...grid().querySelectorAll<HTMLButtonElement>('button[data-spot]')];
      expect(buttons.map((b) => b.dataset.spot).sort()).toEqual(spotsOf(game).map(spotKey).sort());
      const names = buttons.map((b) => b.getAttribute('aria-label') ?? '');
      expect(names.every((n) => /^Bet 1\.00 on \S/.test(n) && !n.includes('live.'))).toBe(true);
      expect(new Set(names).size).toBe(buttons.length);
      for (const name of names.slice(0, 5)) expect(screen.getByRole('button', { name })).toBeTruthy();
      expect(buttons.every((b) => !b.disabled)).toBe(true);

      await act(async () => {
        for (const handler of socket.handlers.get('phase') ?? []) handler(roundOf(game, 'closed'));
      });
      expect(buttons.every((b) => b.disabled)).toBe(true);
      expect((screen.getByRole('button', { name: EN.live.rebet }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(buttons[0]!);
      expect(api.bet).not.toHaveBeenCalled();
    });
  }

  it('a bet above the table limit is refused on the page, in the page language, with no call', async () => {
    // The platform opened the table in Malay (`?lang=MS`, as main.tsx reads it): the page speaks it.
    window.history.replaceState(null, '', `/play/${TABLES.ROU}?lang=MS`);
    await i18n.changeLanguage('MS');
    await open('ROU', [], 'MS');
    expect(i18n.language).toBe('MS');
    expect(spot('straight:17').getAttribute('aria-label')).not.toBe('Bet 1.00 on Straight up 17');
    fireEvent.click(chip('25.00'));
    await act(async () => {
      fireEvent.click(spot('straight:17'));
    });
    expect(api.bet).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(MS.live.errors.bet_limit);
    // The same chip is within the limit of a split: that one goes to the server.
    api.bet.mockResolvedValue(stateWith('ROU', [bet('split', [17, 18], '2500')]));
    await act(async () => {
      fireEvent.click(spot('split:17-18'));
    });
    expect(api.bet).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the round limit counts the bets already on the table; a refusal of the server is shown translated', async () => {
    await open('BAC', [bet('player', [], '199000')]);
    fireEvent.click(chip('25.00'));
    await act(async () => {
      fireEvent.click(spot('banker'));
    });
    expect(api.bet).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(EN.live.errors.bet_limit);

    fireEvent.click(chip('1.00'));
    api.bet.mockRejectedValue(new ApiError('insufficient_balance', 402));
    await act(async () => {
      fireEvent.click(spot('banker'));
    });
    expect(api.bet).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain(EN.live.errors.insufficient_balance);
  });

  it('an unconfirmed bet re-reads the table: the bet that stood shows on its spot with the balance', async () => {
    await open('BAC');
    fireEvent.click(chip('5.00'));
    api.bet.mockRejectedValue(new ApiError('bet_unconfirmed', 503));
    // The wallet took the bet after all: the table's state holds it.
    api.table.mockResolvedValue({
      ...stateWith('BAC', [bet('banker', [], '500')]),
      balance: '99500',
      table: tableOf('BAC'),
    });
    const reads = api.table.mock.calls.length;
    await act(async () => {
      fireEvent.click(spot('banker'));
    });
    expect(screen.getByRole('alert').textContent).toContain(EN.live.errors.bet_unconfirmed);
    await vi.waitFor(() => expect(spot('banker').classList.contains('has-own')).toBe(true));
    expect(api.table.mock.calls.length).toBe(reads + 1);
    expect(screen.getByText(EN.live.staked.replace('{{amount}}', '5.00'))).toBeTruthy();
  });

  it('a table briefly unavailable: the bet is answered with its own message, the table re-read; a refusal is not re-read', async () => {
    await open('ROU');
    api.bet.mockRejectedValue(new ApiError('service_unavailable', 503));
    const reads = api.table.mock.calls.length;
    await act(async () => {
      fireEvent.click(spot('red'));
    });
    expect(screen.getByRole('alert').textContent).toContain(EN.live.errors.service_unavailable);
    await vi.waitFor(() => expect(api.table.mock.calls.length).toBe(reads + 1));
    expect(spot('red').classList.contains('has-own')).toBe(false);

    api.bet.mockRejectedValue(new ApiError('bet_late', 409));
    await act(async () => {
      fireEvent.click(spot('black'));
    });
    expect(screen.getByRole('alert').textContent).toContain(EN.live.errors.bet_late);
    expect(api.table.mock.calls.length).toBe(reads + 1);
  });

  it('a join refused while the database is away is tried again, not taken for an ended session', async () => {
    const socket = await open('DAT');
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const joined = socket.joins;
      socket.joinAck = { ok: false, error: 'service_unavailable' };
      await act(async () => {
        for (const handler of socket.handlers.get('connect') ?? []) handler();
      });
      expect(socket.joins).toBe(joined + 1);
      expect(screen.queryByText(EN.errors.session_invalid)).toBeNull();
      socket.joinAck = { ok: true, ...stateWith('DAT') };
      await act(async () => {
        vi.advanceTimersByTime(3_100);
      });
      expect(socket.joins).toBe(joined + 2);
      expect(screen.queryByText(EN.errors.session_invalid)).toBeNull();
      expect(screen.getByRole('region', { name: EN.live.grid })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a page opened mid-round shows the player's own bets from the table's first answer, before its socket has joined", async () => {
    sessionStorage.setItem(`house-vendor:${TABLES.BAC}`, 'session-token');
    api.state.mockResolvedValue(STATE);
    api.table.mockResolvedValue({
      ...stateWith('BAC', [bet('banker', [], '2500'), bet('player', [], '100')]),
      totals: { banker: '90000' },
      table: tableOf('BAC'),
    });
    api.history.mockResolvedValue({
      table: TABLES.BAC,
      shoe: null,
      rounds: [],
      roads: {
        bead: [],
        big: { cells: [] },
        bigEyeBoy: { cells: [] },
        smallRoad: { cells: [] },
        cockroachPig: { cells: [] },
      },
    });
    render(
      <I18nextProvider i18n={i18n}>
        <LivePage table={TABLES.BAC} />
      </I18nextProvider>,
    );
    await screen.findByRole('region', { name: EN.live.grid });
    // The socket never answers its join here: what shows comes from GET /api/live/tables/:table.
    const socket = await vi.waitFor(() => {
      const mine = sockets.list[0];
      if (!mine) throw new Error('no socket yet');
      return mine;
    });
    expect(socket.handlers.get('connect')?.length).toBeGreaterThan(0);
    expect(spot('banker').classList.contains('has-own')).toBe(true);
    expect(spot('player').classList.contains('has-own')).toBe(true);
    expect(spot('tie').classList.contains('has-own')).toBe(false);
    expect(screen.getByText(EN.live.staked.replace('{{amount}}', '26.00'))).toBeTruthy();
    // Betting waits for the socket; once joined, undo is offered for the bets already on the table.
    const undo = screen.getByRole('button', { name: EN.live.undo }) as HTMLButtonElement;
    expect(undo.disabled).toBe(true);
    socket.joinAck = { ok: true, ...stateWith('BAC', [bet('banker', [], '2500'), bet('player', [], '100')]) };
    await act(async () => {
      for (const handler of socket.handlers.get('connect') ?? []) handler();
    });
    expect(undo.disabled).toBe(false);
    expect(spot('banker').classList.contains('has-own')).toBe(true);
  });

  it('a settlement that arrives after the next round opened is said as the last round\'s win; its "no win" is not shown', async () => {
    const socket = await open('BAC', [bet('banker', [], '1000')]);
    const emit = async (event: string, payload: unknown) => {
      await act(async () => {
        for (const handler of socket.handlers.get(event) ?? []) handler(payload);
        await Promise.resolve();
      });
    };
    const settled = (round: string, payout: string) => ({
      round,
      status: 'settled',
      payout,
      balance: '101000',
      bets: [bet('banker', [], '1000')],
    });
    // The round's own settlement while it is on the table: "You won".
    await emit('settled', settled('round-BAC', '1950'));
    expect(screen.getByRole('status').textContent).toBe(EN.live.won.replace('{{amount}}', '19.50'));
    // The next round opens; the previous round's settlement comes late.
    await emit('phase', { ...roundOf('BAC'), id: 'round-BAC-next', number: 8 });
    expect(screen.queryByText(EN.live.won.replace('{{amount}}', '19.50'))).toBeNull();
    await emit('settled', settled('round-BAC', '1950'));
    expect(screen.getByRole('status').textContent).toBe(EN.live.wonLastRound.replace('{{amount}}', '19.50'));
    expect(screen.queryByText(EN.live.won.replace('{{amount}}', '19.50'))).toBeNull();
    // A late "no win" of a round gone says nothing; the balance still follows.
    await emit('phase', { ...roundOf('BAC'), id: 'round-BAC-third', number: 9 });
    await emit('settled', settled('round-BAC-next', '0'));
    expect(screen.queryByText(EN.live.noWin)).toBeNull();
    expect(screen.queryByText(EN.live.wonLastRound.replace('{{amount}}', '19.50'))).toBeNull();
  });

  it('undo takes the last bet back and rebet repeats the last round; both only while betting', async () => {
    const socket = await open('DAT');
    const undo = screen.getByRole('button', { name: EN.live.undo }) as HTMLButtonElement;
    const rebet = screen.getByRole('button', { name: EN.live.rebet }) as HTMLButtonElement;
    // Nothing staked: nothing to undo.
    expect(undo.disabled).toBe(true);
    expect(rebet.disabled).toBe(false);

    api.rebet.mockResolvedValue(stateWith('DAT', [bet('dragon', [], '100'), bet('tie', [], '100')]));
    await act(async () => {
      fireEvent.click(rebet);
    });
    expect(api.rebet).toHaveBeenCalledWith(
      'session-token',
      TABLES.DAT,
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
    expect(spot('dragon').classList.contains('has-own')).toBe(true);
    expect(spot('tie').classList.contains('has-own')).toBe(true);
    expect(undo.disabled).toBe(false);

    api.undo.mockResolvedValue(stateWith('DAT', [bet('dragon', [], '100')]));
    api.state.mockResolvedValue({ ...STATE, balance: '99900' });
    await act(async () => {
      fireEvent.click(undo);
    });
    // Every undo carries its own request id (the server answers a repeated id with the same bet).
    expect(api.undo).toHaveBeenCalledWith(
      'session-token',
      TABLES.DAT,
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
    expect(spot('tie').classList.contains('has-own')).toBe(false);
    expect(spot('dragon').classList.contains('has-own')).toBe(true);
    // The balance after an undo comes from the wallet, with the brand's symbol as the site writes money.
    expect(screen.getByText('RM 999.00')).toBeTruthy();

    // A second press is a second undo: a new request id, never the first one again.
    api.undo.mockResolvedValue(stateWith('DAT', []));
    await act(async () => {
      fireEvent.click(undo);
    });
    expect(api.undo).toHaveBeenCalledTimes(2);
    const [first, second] = api.undo.mock.calls.map((c) => c[2]);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(spot('dragon').classList.contains('has-own')).toBe(false);

    // The server has nothing to repeat: its refusal, translated.
    api.rebet.mockRejectedValue(new ApiError('nothing_to_rebet', 409));
    await act(async () => {
      fireEvent.click(rebet);
    });
    expect(screen.getByRole('alert').textContent).toContain(EN.live.errors.nothing_to_rebet);

    await act(async () => {
      for (const handler of socket.handlers.get('phase') ?? []) handler(roundOf('DAT', 'closed'));
    });
    expect(undo.disabled).toBe(true);
    expect(rebet.disabled).toBe(true);
    fireEvent.click(rebet);
    expect(api.rebet).toHaveBeenCalledTimes(2);
  });
});

describe('the roulette board, upright and horizontal', () => {
  const style = (key: string) => spot(key).style;

  it('upright (phones): zero across the top, 1-2-3 the first row, the outside bets in their own grid below', async () => {
    await open('ROU');
    const board = grid().querySelector<HTMLElement>('.roulette-board')!;
    expect(board.dataset.orientation).toBe('upright');
    expect([style('straight:0').gridRow, style('straight:0').gridColumn]).toEqual(['1', '2 / span 3']);
    expect([style('straight:1').gridRow, style('straight:1').gridColumn]).toEqual(['2', '2']);
    expect([style('straight:3').gridRow, style('straight:3').gridColumn]).toEqual(['2', '4']);
    expect([style('straight:36').gridRow, style('straight:36').gridColumn]).toEqual(['13', '4']);
    expect(board.contains(spot('dozen:1'))).toBe(false);
    expect(grid().querySelector('.grid-rou')!.contains(spot('red'))).toBe(true);
  });

  it('horizontal (wide screens): 0 on the left, 3..36 on top and 1..34 below, 2:1 at the right, dozens then even money under it', async () => {
    wide = true;
    await open('ROU');
    const board = grid().querySelector<HTMLElement>('.roulette-board')!;
    expect(board.dataset.orientation).toBe('horizontal');
    expect(grid().querySelector('.grid-rou')).toBeNull();
    expect([style('straight:0').gridColumn, style('straight:0').gridRow]).toEqual(['1', '1 / span 3']);
    const cell = (n: number) => [
      Number(style(`straight:${n}`).gridColumn),
      Number(style(`straight:${n}`).gridRow),
    ];
    for (let i = 0; i < 12; i++) {
      expect(cell(3 * i + 3)).toEqual([i + 2, 1]);
      expect(cell(3 * i + 2)).toEqual([i + 2, 2]);
      expect(cell(3 * i + 1)).toEqual([i + 2, 3]);
    }
    expect([style('column:3').gridColumn, style('column:3').gridRow]).toEqual(['14', '1']);
    expect([style('column:1').gridColumn, style('column:1').gridRow]).toEqual(['14', '3']);
    expect([style('street:1-2-3').gridColumn, style('street:1-2-3').gridRow]).toEqual(['2', '4']);
    expect([style('dozen:2').gridColumn, style('dozen:2').gridRow]).toEqual(['6 / span 4', '5']);
    const evenMoney = ['low', 'even', 'red', 'black', 'odd', 'high'].map((k) => style(k).gridColumn);
    expect(evenMoney).toEqual([
      '2 / span 2',
      '4 / span 2',
      '6 / span 2',
      '8 / span 2',
      '10 / span 2',
      '12 / span 2',
    ]);
    for (const key of ['dozen:1', 'red', 'column:2']) expect(board.contains(spot(key))).toBe(true);
    expect(spot('column:2').textContent).toBe('2:1');
    expect(spot('column:2').getAttribute('aria-label')).toBe('Bet 1.00 on Column 2');
    // Edge spots keep grid.ts's place; the stylesheet transposes it.
    expect(spot('corner:1-2-4-5').style.getPropertyValue('--x')).toBe('1');
    expect(spot('corner:1-2-4-5').style.getPropertyValue('--y')).toBe('2');
  });

  it('both orientations offer the same spots and place the same bets', async () => {
    const sent: Record<string, unknown[]> = {};
    for (const orientation of ['upright', 'horizontal'] as const) {
      wide = orientation === 'horizontal';
      await open('ROU');
      const keys = [...grid().querySelectorAll<HTMLButtonElement>('button[data-spot]')].map(
        (b) => b.dataset.spot,
      );
      expect(keys.sort()).toEqual(spotsOf('ROU').map(spotKey).sort());
      api.bet.mockResolvedValue(stateWith('ROU'));
      for (const key of [
        'corner:1-2-4-5',
        'six-line:31-32-33-34-35-36',
        'first-four:0-1-2-3',
        'trio:0-2-3',
        'column:3',
      ]) {
        await act(async () => {
          fireEvent.click(spot(key));
        });
      }
      sent[orientation] = api.bet.mock.calls.map(([, , input]) => ({ ...input, requestId: undefined }));
      api.bet.mockReset();
      cleanup();
    }
    expect(sent.horizontal).toEqual(sent.upright);
    expect(sent.upright).toEqual([
      { kind: 'corner', numbers: [1, 2, 4, 5], stake: '100', requestId: undefined },
      { kind: 'six-line', numbers: [31, 32, 33, 34, 35, 36], stake: '100', requestId: undefined },
      { kind: 'first-four', numbers: [0, 1, 2, 3], stake: '100', requestId: undefined },
      { kind: 'trio', numbers: [0, 2, 3], stake: '100', requestId: undefined },
      { kind: 'column', numbers: [3], stake: '100', requestId: undefined },
    ]);
  });
});
