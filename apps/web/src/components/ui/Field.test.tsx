import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describedBy, Field, TextField } from './Field.tsx';

describe('<TextField>', () => {
  it('labels its input, names it for FormData and describes it by its hint', () => {
    render(
      <form aria-label="form">
        <TextField
          id="f"
          name="amount"
          label="Amount"
          hint="From 10 to 100"
          inputMode="decimal"
          testId="amt"
        />
      </form>,
    );
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(input.id).toBe('f-amount');
    expect(input.name).toBe('amount');
    expect(input.inputMode).toBe('decimal');
    expect(input.getAttribute('data-testid')).toBe('amt');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('From 10 to 100').id).toBe(input.getAttribute('aria-describedby'));
  });

  it('marks an error invalid and points at the error line after the hint', () => {
    render(<TextField id="f" name="nickname" label="Nickname" hint="Shown to others" error="Too long." />);
    const input = screen.getByLabelText('Nickname');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const [hint, error] = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(document.getElementById(hint!)?.textContent).toBe('Shown to others');
    expect(document.getElementById(error!)?.textContent).toBe('Too long.');
    expect(document.getElementById(error!)?.className).toBe('field__error');
  });

  it('turns off autocomplete of a password unless told otherwise', () => {
    render(
      <>
        <TextField id="a" name="fundsPassword" label="Funds password" type="password" />
        <TextField
          id="b"
          name="password"
          label="Login password"
          type="password"
          autoComplete="current-password"
        />
      </>,
    );
    expect(screen.getByLabelText('Funds password').getAttribute('autocomplete')).toBe('off');
    expect(screen.getByLabelText('Login password').getAttribute('autocomplete')).toBe('current-password');
  });

  it('shows a disabled value', () => {
    render(<TextField id="f" name="account" label="Username" defaultValue="alice" disabled />);
    const input = screen.getByLabelText('Username') as HTMLInputElement;
    expect(input.value).toBe('alice');
    expect(input.disabled).toBe(true);
  });
});

describe('<Field>', () => {
  it('labels any control and shows its hint without an empty error line', () => {
    render(
      <Field id="card" label="To bank card" hint="Your own cards only">
        <select id="card" aria-describedby={describedBy('card', { hint: 'Your own cards only' })}>
          <option>Maybank</option>
        </select>
      </Field>,
    );
    const select = screen.getByLabelText('To bank card');
    expect(select.tagName).toBe('SELECT');
    expect(select.getAttribute('aria-describedby')).toBe('card-hint');
    expect(document.querySelector('.field__error')).toBeNull();
  });

  it('names nothing to describe a control without hint or error', () => {
    expect(describedBy('x', {})).toBeUndefined();
    expect(describedBy('x', { error: 'Required.' })).toBe('x-error');
  });
});
