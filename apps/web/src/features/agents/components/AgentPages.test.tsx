import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { RegisterCenter, TeamMembers, TeamOverview } from './AgentPages.tsx';

const figures = {
  newMembers: 2,
  activeMembers: 1,
  deposits: '100.00',
  withdrawals: '20.00',
  turnover: '350.00',
  winLoss: '-40.00',
};

describe('agent centre pages', () => {
  it('the overview shows the team figures and asks again for another period', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = stubApi({
      '/wps/agent/team/overview': {
        teamSize: 12,
        directSize: 3,
        from: '2026-11-25',
        to: '2026-12-01',
        ...figures,
        days: [{ day: '2026-12-01', ...figures }],
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<TeamOverview />);
    expect((await screen.findByTestId('agent-team-size')).textContent).toBe('12');
    expect(screen.getAllByText('-40.00').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('days=30'))).toBe(true));
  });

  it('team management lists level, status and last login, and searches by user name', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = stubApi({
      '/wps/agent/team/members': {
        items: [
          {
            id: '7',
            account: 'alice',
            level: 2,
            isAgent: 0,
            status: 'LOCKED',
            registeredAt: 0,
            lastLoginAt: null,
            upline: 'bob',
            balance: null,
          },
        ],
        total: 1,
        page: 1,
        size: 20,
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<TeamMembers />);
    expect(await screen.findByText('alice')).toBeTruthy();
    expect(screen.getByText('Level 2')).toBeTruthy();
    expect(screen.getByText(/Locked · Never logged in/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by user name'), { target: { value: 'ali' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('search=ali'))).toBe(true));
  });

  it('the open-account page shows the referral link and opens a direct downline', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = stubApi({
      '/wps/agent/info': { account: 'bob', isAgent: 1, affiliateCode: 'ABCD2345', downlines: 0 },
      '/wps/agent/team/members': {
        id: '9',
        account: 'carol',
        level: 1,
        isAgent: 0,
        status: 'ACTIVE',
        registeredAt: 0,
        lastLoginAt: null,
        upline: 'bob',
        balance: null,
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<RegisterCenter />);
    expect((await screen.findByTestId('agent-affiliate-code')).textContent).toContain('ABCD2345');
    expect(screen.getByText(`${window.location.origin}/register?affiliateCode=ABCD2345`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'carol' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc12345' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open account' }));
    expect(await screen.findByText('Account carol opened in your team.')).toBeTruthy();
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      username: 'carol',
      password: 'abc12345',
      birthday: '1990-01-01',
    });
  });
});
