import type { OperatorRole } from '@lotus/contracts/backoffice';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canSee, menuFor, PAGES } from './pages.ts';
import { SideMenu } from './SideMenu.tsx';

const labels = () => screen.getAllByRole('link').map((link) => link.textContent);

/** The menu of a role, the API answering whether the demo's pages are on; answers the calls made. */
function renderMenu(role: OperatorRole, demoEnabled = false): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return new Response(
      JSON.stringify({ success: true, value: { enabled: demoEnabled }, message: '', errorCode: '' }),
      { status: 200 },
    );
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SideMenu operatorRole={role} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('side menu', () => {
  it('shows a readonly operator the pages open to every role and the games pages it may read', () => {
    const calls = renderMenu('readonly', true);
    expect(labels()).toEqual([
      'Dashboard',
      'Members',
      'KYC review',
      'Risk signals',
      'Games and vendors',
      'Round lookup',
      'GGR report',
      'Lottery games',
      'Lottery odds',
      'Lottery numeros',
      'Content',
      'Customer service',
      'Affiliate applications',
      'Messages',
      'Missions',
      'Referrals',
      'Promotions',
    ]);
    // A role that cannot see the demo's page does not ask about it.
    expect(calls).toEqual([]);
  });

  it('shows finance the adjustments but not operators, audit or settings', () => {
    renderMenu('finance');
    expect(labels()).toContain('Adjustments');
    expect(labels()).toContain('Lottery results');
    expect(labels()).toContain('Lottery P&L');
    expect(labels()).not.toContain('Operators');
    expect(labels()).not.toContain('Audit log');
    expect(labels()).not.toContain('Brand settings');
  });

  it('shows customer service the demo\'s "messages sent" only where the API says the demo is on', async () => {
    const calls = renderMenu('cs', true);
    await waitFor(() => expect(labels()).toContain('Messages sent (demo)'));
    expect(calls).toEqual(['/bo/v1/demo-messages']);
  });

  it('hides the demo\'s "messages sent" where the API says it is off (production, another brand)', async () => {
    const calls = renderMenu('cs', false);
    await waitFor(() => expect(calls).toEqual(['/bo/v1/demo-messages']));
    expect(labels()).toContain('SMS and e-mail');
    expect(labels()).not.toContain('Messages sent (demo)');
  });

  it('shows an admin every menu page of the list (the demo-only ones in the demo)', () => {
    expect(menuFor('admin', PAGES, true)).toHaveLength(PAGES.filter((page) => page.menuKey).length);
    expect(menuFor('admin')).toHaveLength(PAGES.filter((page) => page.menuKey && !page.demoOnly).length);
    expect(canSee({ roles: ['cs'] }, 'finance')).toBe(false);
    expect(canSee({ roles: ['cs'] }, 'cs')).toBe(true);
  });
});
