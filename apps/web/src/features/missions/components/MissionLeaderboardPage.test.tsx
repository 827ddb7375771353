import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { MissionLeaderboardPage } from './MissionLeaderboardPage.tsx';

const mission = (over: Record<string, unknown>) => ({
  id: '1',
  name: 'Bet 100 on slots',
  description: '',
  kind: 'bet',
  category: 'RNG',
  period: 'daily',
  target: '100.00',
  progress: '100.00',
  reward: '5.00',
  completed: true,
  claimed: false,
  periodEnd: Date.UTC(2026, 0, 3),
  ...over,
});

const summary = {
  missionCount: 1,
  currency: 'MYR',
  missions: [
    mission({}),
    mission({
      id: '2',
      name: 'Log in 3 days',
      kind: 'login_days',
      category: null,
      period: 'weekly',
      target: '3',
      progress: '1',
      completed: false,
    }),
  ],
};

const board = {
  period: 'daily',
  from: 0,
  to: 1,
  items: [
    { rank: 1, name: 'a***z', completed: 2, rewards: '10.00', me: false },
    { rank: 2, name: 'm***e', completed: 1, rewards: '5.00', me: true },
  ],
};

describe('<MissionLeaderboardPage>', () => {
  it("shows the member's missions, claims a completed one and the period's board", async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = stubApi({
      '/wps/relay/MCSFE_getMissionSummaryDetails': summary,
      '/wps/relay/MCSFE_getMissionLeaderboard': board,
      '/wps/missions/1/claim': { missionId: '1', reward: '5.00', balance: '105.00' },
      '/wps/system/status': { info: { whitelabel: { currency: 'MYR', currencySymbol: 'RM' } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<MissionLeaderboardPage />);
    expect(await screen.findByText('Bet 100 on slots')).toBeTruthy();
    expect(screen.getByText('1 / 3 days')).toBeTruthy();
    expect(await screen.findAllByText('Reward RM 5.00')).toHaveLength(2);
    expect(screen.queryByText(/MYR/)).toBeNull();
    const claims = screen.getAllByRole('button', { name: 'Claim' }) as HTMLButtonElement[];
    expect(claims.map((b) => b.disabled)).toEqual([false, true]);
    fireEvent.click(claims[0] as HTMLButtonElement);
    expect(await screen.findByText('RM 5.00 added to your wallet.')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/wps/missions/1/claim'))?.init?.method).toBe('POST');
    expect(await screen.findByText('m***e (you)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('period=weekly'))).toBe(true));
  });
});
