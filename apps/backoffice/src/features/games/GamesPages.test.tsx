import type { CatalogueGame, CatalogueVendor, GgrReport, RoundPage } from '@lotus/contracts/games';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { barHeight, toMinor } from '../../components/BarChart.tsx';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import GamesPage from './GamesPage.tsx';
import GgrPage from './GgrPage.tsx';
import RoundsPage from './RoundsPage.tsx';

const VENDOR: CatalogueVendor = {
  id: '7',
  code: 'HOUSE',
  name: 'Lotus Studio',
  displayName: 'Lotus Studio',
  smallIcon: '/games/vendors/house.svg',
  isHot: true,
  sortOrder: 1,
  lobbyEnabled: true,
  maintenance: false,
  active: true,
  launchUrl: 'http://localhost:8081/play/{game}',
  verifyUrl: 'http://localhost:8081/verify?round={round}',
  categories: [{ gameCategory: 'RNG', sortOrder: 1 }],
  gameCount: 3,
};

const GAME: CatalogueGame = {
  id: '11',
  vendorId: '7',
  vassalage: 'HOUSE',
  code: 'lotus-garden',
  nameEn: 'Lotus Garden',
  nameMs: 'Taman Teratai',
  nameCn: '莲花园',
  gameCategory: 'RNG',
  gameType: 'SLOT',
  accountTypeName: '',
  icon: '/games/icons/lotus-garden.svg',
  isHot: true,
  supportPlay: true,
  minBet: '0.20',
  stakes: ['0.20', '0.40'],
  lines: 20,
  status: 'active',
  enabled: true,
  sortOrder: 1,
  defaultPlayType: '',
  isGame: 'GAME',
  nodeName: '',
};

function catalogue(url: string) {
  if (url.startsWith('/bo/v1/games/vendors')) return url.includes('/vendors/') ? VENDOR : [VENDOR];
  if (url.startsWith('/bo/v1/games?') || url === '/bo/v1/games')
    return { items: [GAME], total: 1, page: 1, pageSize: 50 };
  return GAME;
}

describe('GamesPage', () => {
  it('lists vendors and games and lets marketing change them', async () => {
    const calls = renderAsOperator('marketing', <GamesPage />, catalogue);
    const vendorRow = await screen.findByTestId('bo-vendor-HOUSE');
    expect(within(vendorRow).getByText('RNG')).toBeTruthy();
    fireEvent.click(within(vendorRow).getByRole('button', { name: 'Start maintenance' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        url: '/bo/v1/games/vendors/7',
        method: 'PUT',
        body: { maintenance: true },
      }),
    );
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const gameRow = await screen.findByTestId('bo-game-lotus-garden');
    fireEvent.click(within(gameRow).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)).toEqual({
        url: '/bo/v1/games/11',
        method: 'PUT',
        body: { enabled: false },
      }),
    );
    fireEvent.click(within(vendorRow).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('bo-vendor-form');
    fireEvent.change(within(form).getByLabelText('Display name'), { target: { value: 'House Games' } });
    fireEvent.click(within(form).getByLabelText('LIVE', { selector: 'input[type=checkbox]' }));
    fireEvent.change(within(form).getByLabelText('Order in LIVE'), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
        displayName: 'House Games',
        categories: [
          { gameCategory: 'LIVE', sortOrder: 4 },
          { gameCategory: 'RNG', sortOrder: 1 },
        ],
      }),
    );
  });

  it("edits a game's entry kind, node and default play type (spec §3)", async () => {
    const calls = renderAsOperator('marketing', <GamesPage />, catalogue);
    const row = await screen.findByTestId('bo-game-lotus-garden');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('bo-game-form');
    fireEvent.change(within(form).getByLabelText('Entry'), { target: { value: 'VASSALAGE' } });
    fireEvent.change(within(form).getByLabelText('Node (room, table group)'), {
      target: { value: 'Lotus hall' },
    });
    fireEvent.change(within(form).getByLabelText('Default play type (lottery)'), {
      target: { value: 'front3-straight' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({
        url: '/bo/v1/games/11',
        body: { isGame: 'VASSALAGE', nodeName: 'Lotus hall', defaultPlayType: 'front3-straight' },
      }),
    );
  });

  it('filters games and shows no actions to read-only operators', async () => {
    const calls = renderAsOperator('readonly', <GamesPage />, catalogue);
    const row = await screen.findByTestId('bo-game-lotus-garden');
    expect(within(row).queryByRole('button')).toBeNull();
    fireEvent.change(screen.getByLabelText('Name or code'), { target: { value: '100%' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('search=100%25'))).toBe(true));
  });
});

describe('RoundsPage', () => {
  it('looks a round up by id and shows its calls and the verification link', async () => {
    const round: RoundPage = {
      items: [
        {
          vendorId: '7',
          vassalage: 'HOUSE',
          roundId: 'r-1',
          gameCode: 'lotus-garden',
          gameName: 'Lotus Garden',
          memberId: '3',
          username: 'alice',
          status: 'settled',
          openedAt: 1,
          closedAt: 2,
          stake: '10.00',
          payout: '30.00',
          calls: [
            {
              transactionId: 'b-1',
              kind: 'bet',
              betTransactionId: null,
              amount: '10.00',
              winAmount: '0.00',
              betState: 'won',
              errorCode: '',
              moved: true,
              time: 1,
            },
          ],
          verifyUrl: 'http://localhost:8081/verify?round=r-1',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
      currency: 'PHP',
    };
    const calls = renderAsOperator('cs', <RoundsPage />, () => round);
    fireEvent.change(screen.getByLabelText('Round id'), { target: { value: ' r-1 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const card = await screen.findByTestId('bo-round');
    expect(calls[0]?.url).toBe('/bo/v1/games/rounds?roundId=r-1&page=1&pageSize=20');
    expect(within(card).getByText('alice')).toBeTruthy();
    expect(within(card).getByText('30.00')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Open the vendor verification page' }).getAttribute('href'),
    ).toBe('http://localhost:8081/verify?round=r-1');
    expect(within(card).getByText('money moved')).toBeTruthy();
  });
});

describe('GgrPage', () => {
  it('reports totals, the chart and the rows of the chosen grouping', async () => {
    const report: GgrReport = {
      groupBy: 'vendor',
      rows: [
        {
          key: 'HOUSE',
          label: 'Lotus Studio',
          bets: 4,
          stake: '85.00',
          payout: '70.00',
          ggr: '15.00',
          rtp: '82.35',
          players: 2,
        },
        {
          key: 'LIVE',
          label: 'Tables',
          bets: 1,
          stake: '10.00',
          payout: '40.00',
          ggr: '-30.00',
          rtp: '400.00',
          players: 1,
        },
      ],
      totals: { bets: 5, stake: '95.00', payout: '110.00', ggr: '-15.00', rtp: '115.78', players: 3 },
      currency: 'PHP',
    };
    const calls = renderAsOperator('finance', <GgrPage />, () => report);
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'vendor' } });
    fireEvent.change(screen.getByLabelText('First day (UTC)'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Last day (UTC)'), { target: { value: '2026-11-07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/bo/v1/games/ggr?from=2026-11-01&to=2026-11-07&groupBy=vendor'),
    );
    const chart = await screen.findByTestId('ggr-chart');
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    expect(chart.querySelector('.ggr-chart__bar--loss')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Lotus Studio' })).toBeTruthy();
    expect(screen.getByText('115.78 %')).toBeTruthy();
  });

  it('sizes bars with integers only', () => {
    expect(toMinor('-12.5')).toBe(-1250n);
    expect(toMinor('90071992547409.93')).toBe(9007199254740993n);
    expect(barHeight(-1250n, 2500n, 80)).toBe(40);
    expect(barHeight(9007199254740993n, 9007199254740993n, 80)).toBe(80);
    expect(barHeight(5n, 0n, 80)).toBe(0);
  });
});
