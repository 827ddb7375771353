import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';

const ME = { id: '7', username: 'ann', role: 'finance' as const, mustChangePassword: false };

function answer(value: unknown, errorCode = '', status = 200) {
  return new Response(
    JSON.stringify({
      success: errorCode === '',
      value,
      message: errorCode ? `refused: ${errorCode}` : '',
      errorCode,
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );
}

function fill(current: string, next: string, confirm = next) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('<ChangePasswordDialog>', () => {
  it('checks the fields in the browser before calling the server', async () => {
    session.start('tok', ME);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<ChangePasswordDialog open onOpenChange={() => undefined} />);
    fill('', 'short');
    expect(await screen.findByText('Enter your current password.')).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    // The rule is shown as a hint; a password with the username breaks it and shows it as the error.
    const rule = 'At least 8 characters with letters and digits, not containing your username.';
    fill('Secret123', 'Better4567', 'different');
    await waitFor(() => expect(screen.getAllByText(rule)).toHaveLength(1));
    fill('Secret123', 'ann12345678');
    expect(await screen.findAllByText(rule)).toHaveLength(2);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    fill('Secret123', 'Secret123');
    expect(await screen.findByText('The new password must differ from the current one.')).toBeTruthy();
    fill('Secret123', 'Better4567', 'Better4568');
    expect(await screen.findByText('The two new passwords differ.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the change, shows the server's refusal, then keeps the session with the new identity", async () => {
    session.start('tok', { ...ME, mustChangePassword: true });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer(null, 'operator_password_wrong', 400))
      .mockResolvedValueOnce(answer(ME));
    vi.stubGlobal('fetch', fetchMock);
    render(<ChangePasswordDialog open forced onOpenChange={() => undefined} />);
    expect(
      screen.getByText('An administrator reset your password. Choose a new one to continue.'),
    ).toBeTruthy();
    // Forced: no way to close it.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Temporary password'), { target: { value: 'Wrong1234' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Better4567' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'Better4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('refused: operator_password_wrong');
    expect(session.token()).toBe('tok');
    fireEvent.change(screen.getByLabelText('Temporary password'), { target: { value: 'Temp12345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Your other sessions were ended.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/bo/v1/me/password');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'Temp12345678',
      newPassword: 'Better4567',
    });
    await waitFor(() => expect(session.operator()?.mustChangePassword).toBe(false));
    expect(session.token()).toBe('tok');
  });
});
