import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import DashboardPage from './DashboardPage.tsx';

const dashboard = {
  currency: 'MYR',
  currencySymbol: '₱',
  depositsToday: { count: 2, sum: '150' },
  withdrawalsToday: { count: 1, sum: '20' },
  activeMembersToday: 3,
  registrationsToday: 1,
  pendingAdjustments: 0,
};

function stub(consumers: unknown[]) {
  return renderAsOperator('readonly', <DashboardPage />, (url) =>
    url === '/bo/v1/events/consumers' ? { consumers } : dashboard,
  );
}

describe('<DashboardPage> event consumers', () => {
  it('shows each consumer with its entries and seconds behind and its last error', async () => {
    const calls = stub([
      {
        name: 'member_daily_turnover',
        cursor: { txId: '900', entryId: '41' },
        entriesBehind: 10000,
        entriesBehindCapped: true,
        secondsBehind: 75,
        updatedAt: '2026-11-24T08:00:00.000Z',
        lastError: 'handler down',
      },
    ]);
    const row = (await screen.findByText('member_daily_turnover')).closest('tr');
    expect(row?.textContent).toContain('10000+');
    expect(row?.textContent).toContain('75');
    expect(row?.textContent).toContain('handler down');
    expect(screen.getByText('Seconds behind').tagName).toBe('TH');
    expect(calls.some((c) => c.url === '/bo/v1/events/consumers')).toBe(true);
  }, 20_000);

  it('says so when no consumer has run yet', async () => {
    stub([]);
    expect(await screen.findByText('No event consumer has run yet.')).toBeTruthy();
  });
});
