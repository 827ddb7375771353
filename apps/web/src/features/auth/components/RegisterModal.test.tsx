import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import type { AuthEnvironment } from '../types/environment.ts';
import { RegisterModal } from './RegisterModal.tsx';

const rule = (patternId: number, minLength: number, maxLength: number, enabled = true, required = false) => ({
  enabled,
  required,
  acceptedPattern: '*',
  patternId,
  minLength,
  maxLength,
});

const settings = {
  fields: {
    username: rule(1, 6, 16, true, true),
    password: rule(5, 6, 20, true, true),
    mobileNum: rule(6, 6, 15, false),
    verificationCode: rule(6, 6, 6),
    email: rule(3, 5, 254, true, true),
    qqNum: rule(6, 5, 12, false),
    affiliateCode: rule(4, 4, 16),
  },
  usernameRegistration: true,
  mobileRegistration: false,
  smsVerification: false,
  mobilePassword: false,
  directRegistration: true,
  smsExpiredMinutes: 5,
};

const env: AuthEnvironment = {
  brandName: 'Lotus Demo',
  smsLogin: false,
  directRegistration: true,
  freePlay: false,
  usernameRegistration: true,
  mobileRegistration: false,
  phonePasswordReset: false,
  countryCodes: [],
};

function show(route = '/register', extra: Record<string, unknown> = {}) {
  const api = stubApi({ '/wps/system/setting/register': settings, ...extra });
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp(
    <Suspense fallback={null}>
      <RegisterModal env={env} onClose={() => undefined} />
    </Suspense>,
    { route },
  );
  return api;
}

const input = (name: string) =>
  document.querySelector<HTMLInputElement>(`[data-testid=register-modal] input[name=${name}]`);

describe('<RegisterModal>', () => {
  beforeAll(() => loadErrorCatalogue());

  it('builds the form from the settings: enabled fields only', async () => {
    show();
    await screen.findByTestId('register-submit', {}, { timeout: 5000 });
    expect(input('username')).toBeTruthy();
    expect(input('email')).toBeTruthy();
    expect(input('qqNum')).toBeNull();
    expect(input('mobileNum')).toBeNull();
    expect((document.querySelector('input[name=agree]') as HTMLInputElement).checked).toBe(true);
  });

  it('shows the translated pattern message of the field under it on blur and on submit', async () => {
    show();
    await screen.findByTestId('register-submit', {}, { timeout: 5000 });
    fireEvent.change(input('username')!, { target: { value: '1abc' } });
    fireEvent.blur(input('username')!);
    expect(
      await screen.findByText(
        'Must start with a letter and contain only letters and digits, 6 to 16 characters.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
  });

  it("shows and sends the invite link's referral code", async () => {
    show('/register?referralCode=ABCD2345');
    expect((await screen.findByTestId('register-referral', {}, { timeout: 5000 })).textContent).toBe(
      'Invited with referral code ABCD2345',
    );
  });

  it('hides the affiliate field when the URL code checks out', async () => {
    show('/register?affiliateCode=DEMO01', { '/wps/agent/affiliate': { valid: true, code: 'DEMO01' } });
    await screen.findByTestId('register-submit', {}, { timeout: 5000 });
    expect(input('affiliateCode')).toBeNull();
  });

  it('shows the affiliate field, filled in, when the URL code fails the check', async () => {
    show('/register?affiliateCode=NOPE', { '/wps/agent/affiliate': { valid: false, code: 'NOPE' } });
    await screen.findByTestId('register-submit', {}, { timeout: 5000 });
    await waitFor(() => expect(input('affiliateCode')?.value).toBe('NOPE'));
  });

  it('shows the affiliate field when the URL has no code', async () => {
    show();
    await screen.findByTestId('register-submit', {}, { timeout: 5000 });
    expect(input('affiliateCode')).toBeTruthy();
  });

  it('stops with the invitation_code_error dialog when the typed code is invalid', async () => {
    const api = show('/register', { '/wps/agent/affiliate': { valid: false, code: 'BADC' } });
    await screen.findByTestId('register-submit', {}, { timeout: 5000 });
    fireEvent.change(input('username')!, { target: { value: 'player01' } });
    fireEvent.change(input('password')!, { target: { value: 'abc12345' } });
    fireEvent.change(input('confirmPassword')!, { target: { value: 'abc12345' } });
    fireEvent.change(input('email')!, { target: { value: 'a@example.com' } });
    fireEvent.change(input('affiliateCode')!, { target: { value: 'BADC' } });
    fireEvent.change(input('birthday')!, { target: { value: '1990-01-01' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('invitation-code-error')).toBeTruthy();
    expect(api.calls.some((call) => call.url.includes('/wps/member/register'))).toBe(false);
    expect(api.calls.some((call) => call.url.includes('/wps/system/humanCheck'))).toBe(false);
  });

  it('asks for the date of birth before anything is sent (the minimum age is checked by the server)', async () => {
    const api = show();
    await screen.findByTestId('register-submit', {}, { timeout: 5000 });
    fireEvent.change(input('username')!, { target: { value: 'player01' } });
    fireEvent.change(input('password')!, { target: { value: 'abc12345' } });
    fireEvent.change(input('confirmPassword')!, { target: { value: 'abc12345' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Please enter your date of birth.')).toBeTruthy();
    expect(input('birthday')!.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((call) => call.url.includes('/wps/member/register'))).toBe(false);
  });

  it('keeps the error line of a field in place when the error goes (no layout shift)', async () => {
    show();
    await screen.findByTestId('register-submit', {}, { timeout: 5000 });
    const line = () => document.getElementById(input('username')!.getAttribute('id')!.concat('-error'));
    expect(line()?.textContent).toBe('');
    expect(line()?.className).toContain('field__error--reserved');
    fireEvent.change(input('username')!, { target: { value: '1abc' } });
    fireEvent.blur(input('username')!);
    await waitFor(() => expect(line()?.textContent).toMatch(/Must start with a letter/));
    const before = line();
    fireEvent.change(input('username')!, { target: { value: 'player01' } });
    fireEvent.blur(input('username')!);
    await waitFor(() => expect(line()?.textContent).toBe(''));
    expect(line()).toBe(before);
  });

  it('holds a blur check made while a button is pressed until the press ends', async () => {
    show();
    const submit = await screen.findByTestId('register-submit', {}, { timeout: 5000 });
    fireEvent.change(input('username')!, { target: { value: '1abc' } });
    fireEvent.pointerDown(submit);
    fireEvent.blur(input('username')!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Must start with a letter/)).toBeNull();
    fireEvent.pointerUp(window);
    expect(await screen.findByText(/Must start with a letter/)).toBeTruthy();
  });
});
