import type {
  AdminGame,
  AdminNumero,
  AdminOrderPage,
  ExposurePage,
  GameLimits,
  OddsTable,
  PnlReport,
  ResultEntry,
} from '@lotus/contracts/lottery';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import LotteryGamesPage from './LotteryGamesPage.tsx';
import LotteryNumeroPage from './LotteryNumeroPage.tsx';
import LotteryOddsPage from './LotteryOddsPage.tsx';
import LotteryPnlPage from './LotteryPnlPage.tsx';
import LotteryResultsPage from './LotteryResultsPage.tsx';
import { oddsMultiplier, prizeSlots, toBasisPoints } from './lottery-shared.tsx';
import { netPerDay } from './PnlChart.tsx';
import { firstInvalidPrize } from './ResultEntryForm.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LOTT5: AdminGame = {
  gameId: '3',
  code: 'LOTT5',
  name: 'Lotto 5 Minutes',
  nameEn: 'Lotto 5 Minutes',
  nameMs: 'Loto 5 Minit',
  nameCn: '5分彩',
  family: 'digits',
  category: 'ELOTT',
  accountTypeName: 'ELOTT',
  drawSource: 'platform',
  intervalSeconds: 300,
  prizeModes: ['LOTT', 'ZY', 'ELOTT', 'SEA'],
  isHot: false,
  schedule: { kind: 'interval', seconds: 300 },
  utcOffsetMinutes: 480,
  closeOffsetSeconds: 15,
  status: 'active',
  sortOrder: 3,
};

const VNNORTH: AdminGame = {
  ...LOTT5,
  gameId: '5',
  code: 'VNNORTH',
  name: 'Vietnam North',
  nameEn: 'Vietnam North',
  family: 'vn-north',
  category: 'LOTT',
  accountTypeName: 'TCG_LOTTO_VN',
  drawSource: 'official',
  intervalSeconds: null,
  schedule: { kind: 'daily', times: ['18:15'], weekdays: [0, 1, 2, 3, 4, 5, 6] },
  utcOffsetMinutes: 420,
  closeOffsetSeconds: 900,
  sortOrder: 10,
  isHot: true,
};

const NUMERO: AdminNumero = {
  id: '77',
  gameId: '5',
  gameCode: 'VNNORTH',
  numero: '20261125',
  status: 'closed',
  openAt: Date.UTC(2026, 10, 24, 11, 15),
  closeAt: Date.UTC(2026, 10, 25, 11, 0),
  drawAt: Date.UTC(2026, 10, 25, 11, 15),
  seedHash: null,
  seed: null,
  result: null,
  orders: 2,
  stake: '4.00',
  payout: '0.00',
  cancelReason: '',
  pendingResult: null,
};

const NORTH_NUMBERS = prizeSlots('vn-north').map((slot, i) =>
  String(i).padStart(slot.width, '0').slice(-slot.width),
);

const ENTRY: ResultEntry = {
  id: '9',
  numeroId: '77',
  result: {
    kind: 'vn',
    balls: [],
    prizes: prizeSlots('vn-north').map((slot, i) => ({ tier: slot.tier, number: NORTH_NUMBERS[i] ?? '' })),
  },
  status: 'pending',
  enteredBy: '2',
  enteredAt: Date.UTC(2026, 10, 25, 11, 20),
  decidedBy: null,
  decidedAt: null,
};

const games = { items: [LOTT5, VNNORTH] };

describe('lottery helpers', () => {
  it('reads odds as multipliers of basis points and back', () => {
    expect(oddsMultiplier('98000')).toBe('9.8');
    expect(oddsMultiplier('20000')).toBe('2');
    expect(toBasisPoints('9.85')).toBe('98500');
    expect(toBasisPoints('0')).toBeNull();
    expect(toBasisPoints('1.23456')).toBeNull();
    expect(toBasisPoints('abc')).toBeNull();
  });

  it('knows the VN prize tables in the order the API checks them', () => {
    const north = prizeSlots('vn-north');
    expect(north).toHaveLength(27);
    expect(north[0]).toEqual({ tier: 'special', width: 5 });
    expect(north.at(-1)).toEqual({ tier: 'seventh', width: 2 });
    const south = prizeSlots('vn-south');
    expect(south).toHaveLength(18);
    expect(south[0]).toEqual({ tier: 'special', width: 6 });
    expect(prizeSlots('digits')).toEqual([]);
    expect(firstInvalidPrize(north, NORTH_NUMBERS)).toBe(-1);
    expect(
      firstInvalidPrize(
        north,
        NORTH_NUMBERS.map((n, i) => (i === 4 ? `${n}9` : n)),
      ),
    ).toBe(4);
    expect(
      firstInvalidPrize(
        north,
        NORTH_NUMBERS.map((n, i) => (i === 26 ? '1a' : n)),
      ),
    ).toBe(26);
  });

  it('sums the P&L net per day for the chart', () => {
    expect(
      netPerDay([
        { day: '2026-11-25', net: '10.50' },
        { day: '2026-11-24', net: '-3.00' },
        { day: '2026-11-25', net: '-0.50' },
      ]),
    ).toEqual([
      { day: '2026-11-24', net: -300n },
      { day: '2026-11-25', net: 1000n },
    ]);
  });
});

describe('LotteryGamesPage', () => {
  it('lists the games with schedule and prize modes, and lets an admin edit one', async () => {
    const calls = renderAsOperator('admin', <LotteryGamesPage />, (_url, method) =>
      method === 'PUT' ? { ...LOTT5, status: 'suspended' } : games,
    );
    const row = await screen.findByTestId('bo-lottery-game-LOTT5');
    expect(row.textContent).toContain('Every 300 s');
    expect(row.textContent).toContain('LOTT, ZY, ELOTT, SEA');
    expect(screen.getByTestId('bo-lottery-game-VNNORTH').textContent).toContain('18:15 · every day (UTC+7)');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('bo-lottery-game-form');
    fireEvent.change(within(form).getByLabelText('Name (EN)'), { target: { value: 'Lotto Five' } });
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'suspended' } });
    fireEvent.click(within(form).getByLabelText('ZY'));
    fireEvent.click(within(form).getByLabelText('Hot'));
    fireEvent.change(within(form).getByLabelText('Interval (seconds)'), { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/divide a day/);
    fireEvent.change(within(form).getByLabelText('Interval (seconds)'), { target: { value: '600' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        url: '/bo/v1/lottery/games/3',
        method: 'PUT',
        body: {
          nameEn: 'Lotto Five',
          nameMs: 'Loto 5 Minit',
          nameCn: '5分彩',
          status: 'suspended',
          schedule: { kind: 'interval', seconds: 600 },
          utcOffsetMinutes: 480,
          closeOffsetSeconds: 15,
          prizeModes: ['LOTT', 'ELOTT', 'SEA'],
          sortOrder: 3,
          isHot: true,
          category: 'ELOTT',
          accountTypeName: 'ELOTT',
        },
      }),
    );
    expect(await screen.findByText('Game LOTT5 saved.')).toBeTruthy();
  });

  it('lets an admin add an official VN game, refused in the browser for a family without official results', async () => {
    const calls = renderAsOperator('admin', <LotteryGamesPage />, (_url, method) =>
      method === 'POST' ? { ...VNNORTH, gameId: '9', code: 'VNC' } : games,
    );
    await screen.findByTestId('bo-lottery-game-LOTT5');
    fireEvent.click(screen.getByRole('button', { name: 'Add a game' }));
    const form = await screen.findByTestId('bo-lottery-game-form');
    fireEvent.change(within(form).getByLabelText('Code (letters, digits, _ and -)'), {
      target: { value: 'VNC' },
    });
    fireEvent.change(within(form).getByLabelText('Name (EN)'), { target: { value: 'Vietnam Central' } });
    fireEvent.change(within(form).getByLabelText('Draw'), { target: { value: 'official' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Official results are for the Vietnamese families only.',
    );
    fireEvent.change(within(form).getByLabelText('Family'), { target: { value: 'vn-south' } });
    fireEvent.change(within(form).getByLabelText('Category'), { target: { value: 'LOTT' } });
    fireEvent.change(within(form).getByLabelText('Account type'), { target: { value: 'TCG_LOTTO_VN' } });
    fireEvent.change(within(form).getByLabelText('Schedule'), { target: { value: 'daily' } });
    fireEvent.change(await within(form).findByLabelText(/Draw times/), { target: { value: '17:15' } });
    fireEvent.change(within(form).getByLabelText(/UTC offset/), { target: { value: '420' } });
    fireEvent.change(within(form).getByLabelText('Close before the draw (seconds)'), {
      target: { value: '900' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: '/bo/v1/lottery/games',
        method: 'POST',
        body: {
          code: 'VNC',
          family: 'vn-south',
          drawSource: 'official',
          nameEn: 'Vietnam Central',
          nameMs: '',
          nameCn: '',
          status: 'active',
          schedule: { kind: 'daily', times: ['17:15'], weekdays: [0, 1, 2, 3, 4, 5, 6] },
          utcOffsetMinutes: 420,
          closeOffsetSeconds: 900,
          prizeModes: ['LOTT', 'ZY', 'ELOTT', 'SEA'],
          sortOrder: 100,
          isHot: false,
          category: 'LOTT',
          accountTypeName: 'TCG_LOTTO_VN',
        },
      }),
    );
    expect(await screen.findByText('Game VNC saved.')).toBeTruthy();
  });

  it('shows the API refusal of a change inside the edit dialog', async () => {
    renderAsOperator('admin', <LotteryGamesPage />, () => games);
    const row = await screen.findByTestId('bo-lottery-game-VNNORTH');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('bo-lottery-game-form');
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            success: false,
            value: null,
            errorCode: 'lottery_config_invalid',
            message: 'This lottery setting is not valid.',
          }),
          { status: 200 },
        ),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('This lottery setting is not valid.');
  });

  it('shows a readonly operator the limits without edit buttons', async () => {
    const limits: GameLimits = {
      gameId: '3',
      items: [
        {
          playId: 0,
          playCode: null,
          minSlip: '0.02',
          maxSlip: '10000.00',
          maxOrder: '50000.00',
          numberCap: '200000.00',
        },
      ],
    };
    renderAsOperator('readonly', <LotteryGamesPage />, (url) => (url.endsWith('/limits') ? limits : games));
    const row = await screen.findByTestId('bo-lottery-game-LOTT5');
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Limits' }));
    const dialog = await screen.findByTestId('bo-lottery-limits');
    await waitFor(() => expect(dialog.textContent).toContain('200,000.00'));
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('lets an admin change the game default limits and add a play type', async () => {
    const limits: GameLimits = {
      gameId: '3',
      items: [
        {
          playId: 0,
          playCode: null,
          minSlip: '0.02',
          maxSlip: '10000.00',
          maxOrder: '50000.00',
          numberCap: '200000.00',
        },
      ],
    };
    const calls = renderAsOperator('admin', <LotteryGamesPage />, (url) =>
      url.endsWith('/limits') ? limits : games,
    );
    const row = await screen.findByTestId('bo-lottery-game-LOTT5');
    fireEvent.click(within(row).getByRole('button', { name: 'Limits' }));
    const dialog = await screen.findByTestId('bo-lottery-limits');
    fireEvent.change(await within(dialog).findByLabelText('Liability cap per number 1'), {
      target: { value: '5000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a play type' }));
    fireEvent.change(within(dialog).getByLabelText('Play id 2'), { target: { value: '101' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('play 101');
    fireEvent.change(within(dialog).getByLabelText('Liability cap per number 2'), {
      target: { value: '100' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        url: '/bo/v1/lottery/games/3/limits',
        method: 'PUT',
        body: {
          items: [
            {
              playId: 0,
              limits: { minSlip: '0.02', maxSlip: '10000.00', maxOrder: '50000.00', numberCap: '5000' },
            },
            {
              playId: 101,
              limits: { minSlip: '0.02', maxSlip: '10000', maxOrder: '50000', numberCap: '100' },
            },
          ],
        },
      }),
    );
  });
});

describe('LotteryOddsPage', () => {
  const table: OddsTable = {
    items: [
      {
        prizeMode: 'LOTT',
        playId: 101,
        playCode: 'pos-straight',
        family: 'digits',
        tier: 'hit',
        odds: '98000',
        defaultOdds: '98000',
        overridden: false,
      },
      {
        prizeMode: 'LOTT',
        playId: 102,
        playCode: 'big-small',
        family: 'digits',
        tier: 'hit',
        odds: '19000',
        defaultOdds: '19600',
        overridden: true,
      },
    ],
  };

  it('shows the odds as multipliers and lets an admin change one or put it back', async () => {
    const calls = renderAsOperator('admin', <LotteryOddsPage />, () => table);
    const row = await screen.findByTestId('bo-lottery-odds-101-hit');
    expect(row.textContent).toContain('9.8×');
    fireEvent.change(within(row).getByLabelText('New odds of pos-straight hit'), {
      target: { value: '9.5' },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        items: [{ prizeMode: 'LOTT', playId: 101, tier: 'hit', odds: '95000' }],
      }),
    );
    const changed = screen.getByTestId('bo-lottery-odds-102-hit');
    expect(changed.textContent).toContain('1.9× (changed)');
    fireEvent.click(within(changed).getByRole('button', { name: 'Back to default' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
        items: [{ prizeMode: 'LOTT', playId: 102, tier: 'hit', odds: null }],
      }),
    );
    fireEvent.change(screen.getByLabelText('Prize mode'), { target: { value: 'SEA' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/bo/v1/lottery/odds?prizeMode=SEA&family=digits')).toBe(true),
    );
  });

  it('gives a readonly operator no edit field', async () => {
    renderAsOperator('readonly', <LotteryOddsPage />, () => table);
    await screen.findByTestId('bo-lottery-odds-101-hit');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('LotteryResultsPage', () => {
  it('lists the numeros waiting for a result and checks an entry like the API before sending it', async () => {
    const calls = renderAsOperator(
      'finance',
      <MemoryRouter>
        <LotteryResultsPage />
      </MemoryRouter>,
      (url, method) => {
        if (url.startsWith('/bo/v1/lottery/games')) return games;
        if (method === 'POST') return ENTRY;
        return {
          items: [NUMERO, { ...NUMERO, id: '78', gameId: '3', gameCode: 'LOTT5' }],
          total: 2,
          page: 1,
          pageSize: 100,
        };
      },
    );
    const row = await screen.findByTestId('bo-lottery-awaiting-VNNORTH-20261125');
    expect(screen.queryByTestId('bo-lottery-awaiting-LOTT5-20261125')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Enter the result' }));
    const form = await screen.findByTestId('bo-lottery-result-form');
    const fields = within(form).getAllByRole('textbox');
    expect(fields).toHaveLength(27);
    expect(within(form).getByLabelText('Special prize (5 digits)')).toBeTruthy();
    expect(within(form).getByLabelText('3rd prize 6 (5 digits)')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Submit for approval' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Special prize: enter exactly 5 digits.',
    );
    fields.forEach((field, i) => {
      fireEvent.change(field, { target: { value: NORTH_NUMBERS[i] } });
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: '/bo/v1/lottery/numeros/77/result',
        method: 'POST',
        body: { prizes: ENTRY.result.prizes },
      }),
    );
    expect(
      await screen.findByText('Result of 20261125 entered: another operator must approve it.'),
    ).toBeTruthy();
  });

  it('lets another operator approve a pending result and shows the API refusal to the one who entered it', async () => {
    const pending = { ...NUMERO, pendingResult: ENTRY };
    const calls = renderAsOperator(
      'finance',
      <MemoryRouter>
        <LotteryResultsPage />
      </MemoryRouter>,
      (url, method) => {
        if (url.startsWith('/bo/v1/lottery/games')) return games;
        if (method === 'POST') return { ...ENTRY, status: 'approved', decidedBy: '1' };
        return { items: [pending], total: 1, page: 1, pageSize: 100 };
      },
    );
    const card = await screen.findByTestId('bo-lottery-pending-9');
    expect(card.textContent).toContain('Entered by operator 2');
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/bo/v1/lottery/results/9/approve' && c.method === 'POST')).toBe(
        true,
      ),
    );
    expect(
      await screen.findByText('Result of 20261125 approved: the numero is drawn and will be settled.'),
    ).toBeTruthy();
  });

  it('shows the same-operator refusal in the operator language', async () => {
    const pending = { ...NUMERO, pendingResult: { ...ENTRY, enteredBy: '1' } };
    renderAsOperator(
      'finance',
      <MemoryRouter>
        <LotteryResultsPage />
      </MemoryRouter>,
      (url) =>
        url.startsWith('/bo/v1/lottery/games')
          ? games
          : { items: [pending], total: 1, page: 1, pageSize: 100 },
    );
    const card = await screen.findByTestId('bo-lottery-pending-9');
    expect(card.textContent).toContain('you entered it');
    const answered = vi.fn(
      async (_input: RequestInfo | URL, init?: RequestInit) =>
        new Response(
          JSON.stringify({
            success: false,
            value: null,
            errorCode: 'lottery_result_same_operator',
            message: '结果须由另一位操作员批准',
            headers: (init?.headers as Record<string, string>) ?? {},
          }),
          { status: 409 },
        ),
    );
    vi.stubGlobal('fetch', answered);
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    expect((await screen.findByRole('alert')).textContent).toBe('结果须由另一位操作员批准');
    expect(String(answered.mock.calls[0]?.[0])).toBe('/bo/v1/lottery/results/9/reject');
  });
});

describe('LotteryNumeroPage', () => {
  const orders: AdminOrderPage = {
    items: [
      {
        orderId: '501',
        orderNumber: 'L501',
        gameId: '5',
        gameCode: 'VNNORTH',
        gameName: 'Vietnam North',
        numero: '20261125',
        drawAt: NUMERO.drawAt,
        prizeMode: 'LOTT',
        amount: '2.00',
        payout: '0.00',
        status: 'placed',
        slipCount: 1,
        chaseId: null,
        chaseStep: null,
        device: 'web',
        createdAt: NUMERO.openAt,
        settledAt: null,
        memberId: '12',
        username: 'alice',
        isTrial: false,
      },
    ],
    total: 1,
    page: 1,
    pageSize: 20,
  };
  const exposure: ExposurePage = {
    items: [
      {
        key: '302:12',
        playId: 302,
        playCode: 'de',
        number: '12',
        liability: '190.00',
        cap: '200000.00',
        stake: '2.00',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 20,
  };

  function open(role: string, numero: AdminNumero = NUMERO) {
    return renderAsOperator(
      role,
      <MemoryRouter initialEntries={['/lottery-numeros/77']}>
        <Routes>
          <Route path="/lottery-numeros/:id" element={<LotteryNumeroPage />} />
        </Routes>
      </MemoryRouter>,
      (url, method) => {
        if (url.startsWith('/bo/v1/lottery/games')) return games;
        if (url.includes('/orders')) return orders;
        if (url.includes('/exposure')) return exposure;
        if (method === 'POST')
          return { numero: { ...numero, status: 'cancelled', cancelReason: 'Feed down' }, refunded: 1 };
        return numero;
      },
    );
  }

  it('shows the orders and the exposure, and cancels the numero after a confirmation with a reason', async () => {
    const calls = open('finance');
    await screen.findByRole('heading', { name: 'VNNORTH numero 20261125' });
    expect((await screen.findByTestId('bo-lottery-order-L501')).textContent).toContain('alice');
    expect((await screen.findByTestId('bo-lottery-exposure-row')).textContent).toContain('190.00');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this numero' }));
    const form = await screen.findByTestId('bo-lottery-cancel-form');
    const confirm = within(form).getByRole('button', { name: 'Cancel and refund' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: ' Feed down ' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: '/bo/v1/lottery/numeros/77/cancel',
        method: 'POST',
        body: { reason: 'Feed down' },
      }),
    );
    expect(await screen.findByText('Numero 20261125 cancelled: 1 order(s) refunded.')).toBeTruthy();
  });

  it('offers cs neither the cancel nor the result entry', async () => {
    open('cs');
    await screen.findByRole('heading', { name: 'VNNORTH numero 20261125' });
    await screen.findByTestId('bo-lottery-order-L501');
    expect(screen.queryByRole('button', { name: 'Cancel this numero' })).toBeNull();
    expect(screen.queryByText('Enter the result')).toBeNull();
  });
});

describe('LotteryPnlPage', () => {
  it('shows the totals, the chart and a row per game and day', async () => {
    const report: PnlReport = {
      items: [
        {
          day: '2026-11-24',
          gameId: '3',
          gameCode: 'LOTT5',
          orders: 4,
          stake: '8.00',
          payout: '19.60',
          refunded: '0.00',
          openStake: '0.00',
          net: '-11.60',
        },
        {
          day: '2026-11-25',
          gameId: '5',
          gameCode: 'VNNORTH',
          orders: 2,
          stake: '4.00',
          payout: '0.00',
          refunded: '2.00',
          openStake: '0.00',
          net: '4.00',
        },
      ],
      totals: { orders: 6, stake: '12.00', payout: '19.60', refunded: '2.00', net: '-7.60' },
      currency: 'MYR',
    };
    const calls = renderAsOperator('finance', <LotteryPnlPage />, (url) =>
      url.startsWith('/bo/v1/lottery/games') ? games : report,
    );
    expect((await screen.findByTestId('bo-lottery-pnl-net')).textContent).toBe('-7.60 MYR');
    expect(screen.getByTestId('pnl-chart').querySelectorAll('rect')).toHaveLength(2);
    expect(screen.getByRole('row', { name: /2026-11-25 VNNORTH/ }).textContent).toContain('4.00');
    fireEvent.change(screen.getByLabelText('First day (UTC)'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Last day (UTC)'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('Game'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/bo/v1/lottery/pnl?from=2026-11-01&to=2026-11-30&gameId=5')).toBe(
        true,
      ),
    );
  });
});
