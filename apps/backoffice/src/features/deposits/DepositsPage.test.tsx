import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import DepositsPage from './DepositsPage.tsx';

const pending = {
  id: '42',
  reference: 'DP0123456789ABCDEF0123',
  kind: 'bank_transfer',
  methodName: 'Bank transfer',
  amount: '1234.5',
  currency: 'MYR',
  status: 'pending',
  bankName: 'Maybank',
  accountName: 'Lotus Demo',
  accountNumber: '514012345678',
  transferReference: 'MBB-1',
  hasReceipt: true,
  rejectReason: '',
  createdAt: Date.UTC(2026, 0, 2),
  resolvedAt: null,
  memberId: '7',
  username: 'alice',
  methodId: '1',
  gatewayTransactionId: null,
  reviewedBy: null,
};

function stub(role: string) {
  return renderAsOperator(role, <DepositsPage />, (url) =>
    url.startsWith('/bo/v1/deposit-methods')
      ? { currency: 'MYR', methods: [], gateways: [] }
      : url.endsWith('/approve')
        ? { ...pending, status: 'approved' }
        : url.endsWith('/reject')
          ? { ...pending, status: 'rejected' }
          : { items: [pending], total: 1, page: 1, size: 20 },
  );
}

describe('<DepositsPage>', () => {
  it('lists a pending transfer with its amount and lets finance approve it', async () => {
    const calls = stub('finance');
    const row = await screen.findByTestId('bo-deposit-42');
    expect(row.textContent).toContain('1,234.50 MYR');
    expect(row.textContent).toContain('MBB-1');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/bo/v1/deposits/42/approve')).toBe(true),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Deposit 42: Approved');
  });

  it('sends the reason of a rejection (the button waits for one)', async () => {
    const calls = stub('finance');
    await screen.findByTestId('bo-deposit-42');
    const reject = screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for rejection'), {
      target: { value: 'No such transfer' },
    });
    fireEvent.click(reject);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/bo/v1/deposits/42/reject')?.body).toEqual({
        reason: 'No such transfer',
      }),
    );
  });

  it('shows no approve or reject to a customer-service operator', async () => {
    stub('cs');
    await screen.findByTestId('bo-deposit-42');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
