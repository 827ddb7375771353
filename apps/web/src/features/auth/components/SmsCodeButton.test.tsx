import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render.tsx';
import { SmsCodeButton } from './SmsCodeButton.tsx';

const target = () => ({ mobileNum: '123000001', countryDialingCode: '60' });

describe('<SmsCodeButton>', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('counts down expiredMinutes x 60 s, disabled meanwhile, then sends again', async () => {
    const send = vi.fn(async () => ({ expiredMinutes: 2 }));
    const solve = vi.fn(async () => 'solved');
    renderApp(<SmsCodeButton purpose="register" target={target} send={send} solve={solve} />);
    const button = screen.getByTestId('sms-send') as HTMLButtonElement;
    await act(async () => {
      fireEvent.click(button);
    });
    expect(send).toHaveBeenCalledWith('register', { ...target(), humanCheck: 'solved' });
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Resend in 120 s');
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(button.textContent).toBe('Resend in 60 s');
    expect(button.disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('Send code');
  });

  it('ignores a second click within one second and validates the number first', async () => {
    const send = vi.fn(async () => {
      throw new Error('refused');
    });
    const solve = vi.fn(async () => 'solved');
    let valid = false;
    renderApp(
      <SmsCodeButton purpose="noLogin" target={() => (valid ? target() : null)} send={send} solve={solve} />,
    );
    const button = screen.getByTestId('sms-send');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(solve).not.toHaveBeenCalled();
    valid = true;
    await act(async () => {
      vi.advanceTimersByTime(1000);
      fireEvent.click(button);
    });
    expect(send).toHaveBeenCalledTimes(1);
    // The failure dialog shows the message; a click right after is inside the 1 s gap.
    expect(screen.getByTestId('sms-failure')).toBeTruthy();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(send).toHaveBeenCalledTimes(1);
  });
});
