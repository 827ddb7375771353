import type { OperatorSummary } from '@lotus/contracts/backoffice';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import OperatorsPage from './OperatorsPage.tsx';

const row = (id: string, username: string, extra: Partial<OperatorSummary> = {}): OperatorSummary => ({
  id,
  username,
  role: 'finance',
  active: true,
  totpEnabled: true,
  mustChangePassword: false,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('<OperatorsPage> password reset', () => {
  it("resets another operator's password after confirmation and shows the temporary password once", async () => {
    // The signed-in operator of renderAsOperator has id 1: no reset button on its own row.
    const calls = renderAsOperator('admin', <OperatorsPage />, (url, method) => {
      if (url === '/bo/v1/operators/2/password' && method === 'POST') {
        return {
          operator: row('2', 'carol', { mustChangePassword: true }),
          temporaryPassword: 'Tmp7kQ2mZx9pW4rN',
        };
      }
      return [
        row('1', 'op', { role: 'admin' }),
        row('2', 'carol'),
        row('3', 'dave', { mustChangePassword: true }),
      ];
    });
    const carol = (await screen.findByText('carol')).closest('tr') as HTMLElement;
    const own = screen.getByText('op').closest('tr') as HTMLElement;
    expect(within(own).queryByRole('button', { name: 'Reset password' })).toBeNull();
    expect(
      within(screen.getByText('dave').closest('tr') as HTMLElement).getByText(/Must change password/),
    ).toBeTruthy();

    fireEvent.click(within(carol).getByRole('button', { name: 'Reset password' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset password' });
    expect(within(confirm).getByText(/Reset the password of carol\?/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset and show a temporary password' }));

    const shown = await screen.findByRole('dialog', { name: 'Temporary password of carol' });
    expect((within(shown).getByLabelText('Temporary password') as HTMLInputElement).value).toBe(
      'Tmp7kQ2mZx9pW4rN',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/bo/v1/operators/2/password',
    ]);
    // Closed, it is gone for good.
    fireEvent.click(within(shown).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByDisplayValue('Tmp7kQ2mZx9pW4rN')).toBeNull());
  });
});
