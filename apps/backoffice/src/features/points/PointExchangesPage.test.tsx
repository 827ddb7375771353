import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import MemberPointsPage from './MemberPointsPage.tsx';
import PointExchangesPage from './PointExchangesPage.tsx';

const applying = {
  id: '42',
  transactionNo: '42',
  applyTime: new Date(Date.UTC(2026, 0, 2)).toISOString(),
  exchangeType: 'cash',
  productName: 'Cash 10',
  quantity: 1,
  requiredPoints: '500',
  status: 'applying',
  reason: '',
  memberId: '7',
  account: 'alice',
  address: '12 Jalan Ampang',
  phone: '+60123456789',
  cashAmount: '10.00',
  decidedAt: null,
};

describe('<PointExchangesPage>', () => {
  it('lets finance pass an applying exchange', async () => {
    const calls = renderAsOperator('finance', <PointExchangesPage />, (url) =>
      url.endsWith('/pass')
        ? { ...applying, status: 'passed' }
        : { items: [applying], total: 1, page: 1, size: 20 },
    );
    const row = await screen.findByTestId('bo-point-exchange-42');
    expect(row.textContent).toContain('alice');
    expect(row.textContent).toContain('+60123456789');
    fireEvent.click(screen.getByRole('button', { name: 'Pass' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/bo/v1/points/exchanges/42/pass' && c.method === 'POST')).toBe(
        true,
      ),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Exchange 42 is now Passed.');
  });

  it('shows no actions to a read-only operator', async () => {
    renderAsOperator('readonly', <PointExchangesPage />, () => ({
      items: [applying],
      total: 1,
      page: 1,
      size: 20,
    }));
    await screen.findByTestId('bo-point-exchange-42');
    expect(screen.queryByRole('button', { name: 'Pass' })).toBeNull();
  });
});

describe('<MemberPointsPage>', () => {
  it("shows a member's balance and movements", async () => {
    const calls = renderAsOperator('cs', <MemberPointsPage />, () => ({
      pointBalance: '26',
      transactions: {
        items: [
          {
            id: '1',
            time: new Date().toISOString(),
            pointType: 'live',
            points: '2',
            balanceAfter: '26',
            reference: 'seamless_bet:x',
          },
        ],
        total: 1,
        page: 1,
        size: 20,
      },
    }));
    fireEvent.change(screen.getByLabelText('Member ID'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('bo-points-balance')).textContent).toBe('Points balance: 26');
    expect(screen.getByText('Live casino')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/bo/v1/points/members/7'))).toBe(true);
  });
});
