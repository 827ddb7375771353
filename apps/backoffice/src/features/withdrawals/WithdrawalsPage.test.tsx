import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import WithdrawalsPage from './WithdrawalsPage.tsx';

const approved = {
  id: '42',
  amount: '1234.5',
  currency: 'MYR',
  status: 'approved',
  bankName: 'Maybank',
  accountHolderName: 'Ali',
  accountNumber: '**** 9012',
  accountNumberFull: '123456789012',
  rejectReason: '',
  confirmation: null,
  receivedAmount: null,
  createdAt: Date.UTC(2026, 0, 2),
  paidAt: null,
  autoReceiptAt: null,
  memberId: '7',
  username: 'alice',
  hasProof: false,
  disputeNote: '',
  reviewedBy: '1',
};

function stub(role: string) {
  return renderAsOperator(role, <WithdrawalsPage />, (url) =>
    url.endsWith('/pay')
      ? { ...approved, status: 'paid' }
      : url.endsWith('/reject')
        ? { ...approved, status: 'rejected' }
        : { items: [approved], total: 1, page: 1, size: 20 },
  );
}

describe('<WithdrawalsPage>', () => {
  it('shows the full account number to pay and lets finance mark an approved withdrawal paid', async () => {
    const calls = stub('finance');
    const row = await screen.findByTestId('bo-withdrawal-42');
    expect(row.textContent).toContain('1,234.50 MYR');
    expect(row.textContent).toContain('123456789012');
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/bo/v1/withdrawals/42/pay' && c.method === 'POST')).toBe(true),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Withdrawal 42: Paid.');
  });

  it('filters by status, member and dates (trimmed), from page 1', async () => {
    const calls = stub('cs');
    await screen.findByTestId('bo-withdrawal-42');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    fireEvent.change(screen.getByLabelText('Member username'), { target: { value: '  alice ' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url ===
            '/bo/v1/withdrawals?status=paid&username=alice&from=2026-01-01&to=2026-01-31&page=1&size=20',
        ),
      ).toBe(true),
    );
  });

  it('sends a rejection only with a reason', async () => {
    const calls = stub('admin');
    await screen.findByTestId('bo-withdrawal-42');
    const reject = screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for rejection'), { target: { value: 'Name mismatch' } });
    fireEvent.click(reject);
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/reject'))?.body).toEqual({ reason: 'Name mismatch' }),
    );
  });

  it('shows no actions to an operator without the finance role', async () => {
    stub('cs');
    await screen.findByTestId('bo-withdrawal-42');
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
