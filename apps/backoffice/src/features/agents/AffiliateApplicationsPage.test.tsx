import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import AffiliateApplicationsPage from './AffiliateApplicationsPage.tsx';

const application = {
  id: '12',
  name: 'Daniel Tan',
  contacts: [
    { channel: 'whatsapp', value: '+60123456789' },
    { channel: 'email', value: 'daniel@example.com' },
  ],
  sites: ['https://tips.example'],
  monthlyPlayers: 250,
  message: 'Football tips channel',
  language: 'EN',
  status: 'contacted',
  memberId: null,
  username: null,
  note: '',
  handledBy: 'mar1',
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
};

function stub(role: string) {
  return renderAsOperator(role, <AffiliateApplicationsPage />, (_url, method) =>
    method === 'POST'
      ? { ...application, status: 'approved', note: '20% plan' }
      : { items: [application], total: 1, page: 1, size: 20 },
  );
}

describe('<AffiliateApplicationsPage>', () => {
  it('shows an application and approves it only with a note', async () => {
    const calls = stub('marketing');
    const row = await screen.findByTestId('bo-affiliate-12');
    expect(row.textContent).toContain('WhatsApp: +60123456789');
    expect(row.textContent).toContain('250 players a month expected');
    expect(row.textContent).toContain('https://tips.example');
    const approve = screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Note (needed to approve or reject)'), {
      target: { value: '20% plan' },
    });
    fireEvent.click(approve);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'approved', note: '20% plan' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Application 12: Approved');
  });

  it('shows no actions to finance', async () => {
    stub('finance');
    await screen.findByTestId('bo-affiliate-12');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
