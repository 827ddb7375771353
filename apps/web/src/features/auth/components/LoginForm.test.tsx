import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render.tsx';
import { LoginForm } from './LoginForm.tsx';

const flow = vi.hoisted(() => ({
  passwordLogin: vi.fn(async (_input: { username: string; password: string }, _client: unknown) => undefined),
  freePlayLogin: vi.fn(),
}));
vi.mock('../lib/login-flow.ts', () => flow);

const features = { smsLogin: false, directRegistration: true, freePlay: false };

function fill(name: string, value: string) {
  fireEvent.change(document.querySelector(`input[name=${name}]`)!, { target: { value } });
}

describe('<LoginForm>', () => {
  it('shows the first message under each empty field and does not call the server', async () => {
    flow.passwordLogin.mockClear();
    renderApp(<LoginForm features={features} />);
    fill('username', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your username.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    expect(flow.passwordLogin).not.toHaveBeenCalled();
  });

  it('sends trimmed inputs and remembers the user name in a one-day cookie', async () => {
    flow.passwordLogin.mockClear();
    renderApp(<LoginForm features={features} />);
    fill('username', '  demoplayer  ');
    fill('password', ' Player123 ');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(flow.passwordLogin).toHaveBeenCalledTimes(1));
    expect(flow.passwordLogin.mock.calls[0]![0]).toEqual({ username: 'demoplayer', password: 'Player123' });
    await waitFor(() => expect(document.cookie).toContain('lastUserName=demoplayer'));
    expect(document.cookie).toContain('loginRemember=1');
    // The password is never stored: the browser's password manager remembers it (autocomplete).
    expect(document.cookie).not.toContain('Player123');
    expect(document.cookie).not.toContain('pwd_');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  });

  it('shows the register button only with direct registration', () => {
    renderApp(<LoginForm features={{ ...features, directRegistration: false }} />);
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });
});
