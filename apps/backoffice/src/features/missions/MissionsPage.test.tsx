import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import MissionsPage from './MissionsPage.tsx';

const mission = {
  id: '4',
  name: { en: 'Bet 100 on slots', ms: 'Bet 100 on slots', cn: 'Bet 100 on slots' },
  description: { en: '', ms: '', cn: '' },
  kind: 'bet',
  category: 'RNG',
  period: 'daily',
  target: '100.00',
  reward: '5.00',
  active: true,
  claims: 3,
  paid: '15.00',
  createdAt: '2026-01-02T03:04:05.000Z',
};

function stub(role: string) {
  return renderAsOperator(role, <MissionsPage />, (_url, method) =>
    method === 'GET' ? { items: [mission], total: 1, page: 1, size: 20 } : { ...mission, id: '5' },
  );
}

describe('<MissionsPage>', () => {
  it('defines a slots mission and lists missions with their claims', async () => {
    const calls = stub('marketing');
    const row = await screen.findByTestId('bo-mission-4');
    expect(row.textContent).toContain('Bet an amount (RNG)');
    expect(row.textContent).toContain('15.00');
    fireEvent.change(screen.getByLabelText('Name (English)'), { target: { value: 'Slots 50' } });
    fireEvent.change(screen.getByLabelText('Game category'), { target: { value: 'RNG' } });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'weekly' } });
    fireEvent.change(screen.getByLabelText('Target amount'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Reward'), { target: { value: '2.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: '/bo/v1/missions',
        method: 'POST',
        body: {
          name: { en: 'Slots 50' },
          kind: 'bet',
          category: 'RNG',
          period: 'weekly',
          target: '50',
          reward: '2.50',
        },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        url: '/bo/v1/missions/4/active',
        method: 'PUT',
        body: { active: false },
      }),
    );
  });

  it('shows readonly operators the list only', async () => {
    stub('readonly');
    await screen.findByTestId('bo-mission-4');
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  });
});
