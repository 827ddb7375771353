import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../lib/session.ts';
import { Layout } from './Layout.tsx';

function renderShell() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<Layout />}>
            <Route index element={<p>Page body</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const OPERATOR = { id: '3', username: 'bob', role: 'cs' as const };

describe('<Layout> and the password change', () => {
  it('opens the change-password dialog from the top bar, and it can be closed', async () => {
    session.start('tok', { ...OPERATOR, mustChangePassword: false });
    renderShell();
    expect(screen.getByText('Page body')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('dialog', { name: 'Change your password' })).toBeTruthy();
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('after an admin reset, shows only the forced change until it is done, then the page', async () => {
    session.start('tok', { ...OPERATOR, mustChangePassword: true });
    // A new answer per call: the side menu asks the API too (whether the demo's pages are on).
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(
        async () =>
          new Response(
            JSON.stringify({
              success: true,
              value: { ...OPERATOR, mustChangePassword: false },
              message: '',
              errorCode: '',
            }),
            { status: 200 },
          ),
      ),
    );
    renderShell();
    expect(await screen.findByRole('dialog', { name: 'Change your password' })).toBeTruthy();
    expect(screen.queryByText('Page body')).toBeNull();
    fireEvent.change(screen.getByLabelText('Temporary password'), { target: { value: 'Temp12345678' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Better4567' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'Better4567' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Change password' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Page body')).toBeTruthy();
    expect(session.operator()?.mustChangePassword).toBe(false);
  });
});
