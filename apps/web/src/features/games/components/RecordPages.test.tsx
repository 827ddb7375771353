import type {
  BettingRecord,
  BettingRecordPage as Page,
  PersonalProfit,
  RankList,
} from '@lotus/contracts/games';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { BettingRecordPage } from './BettingRecordPage.tsx';
import { PersonalProfitPage } from './PersonalProfitPage.tsx';
import { WinnersBoard } from './WinnersBoard.tsx';

const NOW = new Date(2026, 10, 23, 10, 30, 0);
const local = (y: number, m: number, d: number) => new Date(y, m, d).toISOString();

const bet = (over: Partial<BettingRecord> = {}): BettingRecord => ({
  id: '1',
  time: NOW.getTime(),
  gameCategory: 'RNG',
  vassalage: 'HOUSE',
  vendorName: 'Lotus Studio',
  gameCode: 'lotus-garden',
  gameName: 'Lotus Garden',
  roundId: 'round-1',
  transactionId: 'tx-1',
  stake: '10.00',
  payout: '25.00',
  winLoss: '15.00',
  status: 'settled',
  verifyUrl: '',
  ...over,
});

const MENUS = [
  {
    gameCategory: 'RNG',
    vendors: [{ vassalage: 'HOUSE', displayName: 'Lotus Studio', smallIcon: '', isHot: true }],
  },
];

function start(items: BettingRecord[]) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  window.sessionStorage.setItem('token', 'tok');
  const page: Page = {
    items,
    total: 45,
    page: 1,
    size: 20,
    totals: { betCount: 44, stake: '90071992547409.93', payout: '25.00', winLoss: '-90071992547384.93' },
    from: 0,
    to: 0,
    currency: 'PHP',
    currencySymbol: 'P',
  };
  const api = stubApi({ '/wps/relay/MCSFE_getBettingRecord': page, '/lgw/games/game_menus': MENUS });
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp(<BettingRecordPage />);
  const queries = () =>
    api.calls
      .filter((c) => c.url.startsWith('/wps/relay/MCSFE_getBettingRecord'))
      .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
  return { last: () => queries().at(-1) };
}

describe('<BettingRecordPage> (personalHistoryCopy)', () => {
  beforeAll(() => loadErrorCatalogue());

  it('asks for the past 7 days and shows bets, statuses and exact totals', async () => {
    const { last } = start([
      bet(),
      bet({ id: '2', status: 'cancelled', winLoss: '0.00', payout: '0.00', roundId: 'r-2' }),
    ]);
    expect(await screen.findByText('round-1')).toBeTruthy();
    expect(screen.getAllByText('Lotus Garden')).toHaveLength(2);
    expect(last()).toEqual({ from: local(2026, 10, 17), to: local(2026, 10, 24), page: '1', size: '20' });
    const totals = screen.getByLabelText('Totals of the period');
    expect(within(totals).getByText('P 90,071,992,547,409.93')).toBeTruthy();
    expect(within(totals).getByText('-P 90,071,992,547,384.93')).toBeTruthy();
    expect(screen.getByText('+P 15.00')).toBeTruthy();
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getAllByText('Slots · Lotus Studio')).toHaveLength(2);
    expect(screen.getByRole('navigation', { name: 'Betting record pages' })).toBeTruthy();
  });

  it("links a round to its vendor's fairness page, and only an http(s) one", async () => {
    start([
      bet({
        roundId: 'seat-1',
        gameCode: 'live-baccarat',
        verifyUrl: 'https://house.test/verify?round=seat-1&game=live-baccarat',
      }),
      bet({ id: '2', roundId: 'round-2' }),
      bet({ id: '3', roundId: 'round-3', verifyUrl: 'javascript:alert(1)' }),
    ]);
    const link = await screen.findByRole('link', { name: 'Check the fairness of round seat-1' });
    expect(link.getAttribute('href')).toBe('https://house.test/verify?round=seat-1&game=live-baccarat');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('round-2').closest('a')).toBeNull();
    expect(screen.getByText('round-3').closest('a')).toBeNull();
  });

  it('filters by quick pick, category and vendor, and pages', async () => {
    const { last } = start([bet()]);
    await screen.findByText('round-1');
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(last()).toMatchObject({ from: local(2026, 10, 23), to: local(2026, 10, 24) }));
    fireEvent.click(screen.getByRole('button', { name: 'Past 30 days' }));
    await waitFor(() => expect(last()).toMatchObject({ from: local(2026, 9, 25) }));
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'RNG' } });
    await waitFor(() => expect(last()).toMatchObject({ gameCategory: 'RNG' }));
    await screen.findByRole('option', { name: 'Lotus Studio' });
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'HOUSE' } });
    await waitFor(() => expect(last()).toMatchObject({ gameCategory: 'RNG', vassalage: 'HOUSE', page: '1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(last()).toMatchObject({ page: '2' }));
  });

  it('refuses a custom range backwards or over 92 days without asking', async () => {
    const { last } = start([bet()]);
    await screen.findByText('round-1');
    fireEvent.click(screen.getByRole('button', { name: 'Custom dates' }));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toContain('at most 92 days');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last()).toMatchObject({ from: local(2026, 10, 1), to: local(2026, 10, 11) }));
  });
});

describe('<PersonalProfitPage> (personalProfit)', () => {
  it('shows the totals, each day and each category with the time zone offset sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    window.sessionStorage.setItem('token', 'tok');
    const profit: PersonalProfit = {
      rows: [],
      days: [
        { day: '2026-11-22', betCount: 3, stake: '30.00', payout: '10.00', profit: '-20.00' },
        { day: '2026-11-23', betCount: 1, stake: '5.00', payout: '50.00', profit: '45.00' },
      ],
      categories: [{ gameCategory: 'FISH', betCount: 4, stake: '35.00', payout: '60.00', profit: '25.00' }],
      totals: { betCount: 4, stake: '35.00', payout: '60.00', profit: '25.00' },
      from: 0,
      to: 0,
      currency: 'PHP',
      currencySymbol: 'P',
    };
    const api = stubApi({ '/wps/relay/MCSFE_getPersonalProfit': profit, '/lgw/games/game_menus': MENUS });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<PersonalProfitPage />);
    expect(await screen.findByRole('rowheader', { name: '2026-11-22' })).toBeTruthy();
    expect(screen.getByText('-P 20.00')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Fishing' })).toBeTruthy();
    const query = new URL(api.calls.find((c) => c.url.includes('PersonalProfit'))?.url ?? '', 'http://x')
      .searchParams;
    expect(query.get('offsetMinutes')).toBe(String(-NOW.getTimezoneOffset()));
    expect(screen.queryByLabelText('Provider')).toBeNull();
  });
});

describe('<WinnersBoard>', () => {
  it('lists the biggest wins with masked names, or says none yet', async () => {
    const board: RankList = {
      list: [
        {
          rank: 1,
          nickname: 'A***e',
          gameName: 'Lotus Garden',
          gameCode: 'lotus-garden',
          vassalage: 'HOUSE',
          gameCategory: 'RNG',
          winAmount: '12345.60',
          stake: '10.00',
          time: 1,
        },
      ],
      currency: 'PHP',
      currencySymbol: 'P',
    };
    vi.stubGlobal('fetch', stubApi({ '/wps/relay/GCSGAME_getRankList': board }).fetchMock);
    const first = renderApp(<WinnersBoard />);
    const list = await screen.findByTestId('winners-board');
    expect(within(list).getByText('A***e')).toBeTruthy();
    expect(within(list).getByText(/P 12,345\.60/)).toBeTruthy();
    first.unmount();
    vi.stubGlobal('fetch', stubApi({ '/wps/relay/GCSGAME_getRankList': { ...board, list: [] } }).fetchMock);
    renderApp(<WinnersBoard />);
    expect(await screen.findByText('No winners to show yet')).toBeTruthy();
  });
});
