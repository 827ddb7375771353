import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import { LoginPage } from './LoginPage.tsx';

function envelope(value: unknown, errorCode = '') {
  return new Response(
    JSON.stringify({ success: errorCode === '', value, message: errorCode ? 'refused' : '', errorCode }),
    {
      status: errorCode ? 401 : 200,
      headers: { 'content-type': 'application/json' },
    },
  );
}

describe('LoginPage', () => {
  it('requires username and password before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your username.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the authenticator code, checks its format, then starts the session', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(envelope(null, 'operator_totp_required'))
      .mockResolvedValueOnce(
        envelope({ step: 'done', token: 'tok', operator: { id: '1', username: 'ann', role: 'finance' } }),
      );
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginPage />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const code = await screen.findByLabelText('Authenticator code');
    fireEvent.change(code, { target: { value: '12a3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByText('Enter the 6 digits shown by your authenticator app.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(session.token()).toBe('tok'));
    const body = JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body));
    expect(body).toEqual({ username: 'ann', password: 'Secret123', totpCode: '123456' });
  });

  it('shows the enrolment QR code on a first login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        envelope({
          step: 'enrol',
          otpauthUri: 'otpauth://totp/x?secret=ABC',
          qrDataUrl: 'data:image/png;base64,AAAA',
        }),
      ),
    );
    render(<LoginPage />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'new' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const image = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByLabelText('Authenticator code')).toBeTruthy();
  });

  it('shows the image captcha when the server asks for it, sends its answer, and takes a fresh image after', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(envelope(null, 'operator_captcha_required'))
      .mockResolvedValueOnce(envelope({ captchaId: 'c1', image: 'AAAA' }))
      .mockResolvedValueOnce(envelope(null, 'operator_login_failed'))
      .mockResolvedValueOnce(envelope({ captchaId: 'c2', image: 'BBBB' }))
      .mockResolvedValueOnce(envelope(null, 'operator_totp_required'))
      .mockResolvedValueOnce(envelope({ captchaId: 'c3', image: 'CCCC' }));
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginPage />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wrong1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const image = await screen.findByRole('img', { name: 'Characters to type' });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/bo/v1/session/captcha');
    // Without an answer nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter the characters shown in the image.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fireEvent.change(screen.getByLabelText('Characters in the image'), { target: { value: ' xk3p ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Characters to type' }).getAttribute('src')).toBe(
        'data:image/png;base64,BBBB',
      ),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[2]?.[1]?.body))).toEqual({
      username: 'ann',
      password: 'Wrong1234',
      captchaId: 'c1',
      captcha: 'xk3p',
    });
    expect((screen.getByLabelText('Characters in the image') as HTMLInputElement).value).toBe('');
    // The right password with the new image: the code step follows, with a fresh image for it.
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByLabelText('Characters in the image'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByLabelText('Authenticator code')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Characters to type' }).getAttribute('src')).toBe(
        'data:image/png;base64,CCCC',
      ),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[4]?.[1]?.body))).toMatchObject({
      captchaId: 'c2',
      captcha: 'ab12',
    });
  });
});
