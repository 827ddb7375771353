import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import ReferralsPage from './ReferralsPage.tsx';

const held = {
  id: '9',
  referrer: 'alice01',
  referrerId: '1',
  friend: 'bob0002',
  friendId: '2',
  status: 'held',
  holdReasons: ['shared_ip', 'shared_device'],
  signupIp: '10.0.0.1',
  firstDeposit: '60.00',
  turnover: '120.00',
  reward: null,
  note: '',
  reviewedBy: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};
const rule = {
  active: true,
  minFirstDeposit: '50.00',
  minTurnover: '100.00',
  withinDays: 7,
  reward: '20.00',
};

function stub(role: string) {
  return renderAsOperator(role, <ReferralsPage />, (url, method) => {
    if (url.startsWith('/bo/v1/referrals/rule')) return rule;
    if (method === 'POST') return { ...held, status: 'paid', reward: '20.00' };
    return { items: [held], total: 1, page: 1, size: 20 };
  });
}

describe('<ReferralsPage>', () => {
  it('lists held referrals with their reasons and approves one', async () => {
    const calls = stub('finance');
    const row = await screen.findByTestId('bo-referral-9');
    expect(row.textContent).toContain('Same IP address, Same device');
    expect(calls.some((c) => c.url.includes('status=held'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Approve and pay' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: '/bo/v1/referrals/9/approve',
        method: 'POST',
        body: {},
      }),
    );
    expect(await screen.findByText('Referral 9: Paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save rule' })).toBeNull();
  });

  it('lets marketing change the rule', async () => {
    const calls = stub('marketing');
    await screen.findByTestId('bo-referral-9');
    await waitFor(() =>
      expect((screen.getByLabelText('Reward to the referrer') as HTMLInputElement).value).toBe('20.00'),
    );
    fireEvent.change(screen.getByLabelText('Reward to the referrer'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...rule, reward: '25' }),
    );
  });
});
