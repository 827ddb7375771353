import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Notice } from './Notice.tsx';
import { StatusLine } from './StatusLine.tsx';

describe('<StatusLine>', () => {
  it('shows nothing before an action', () => {
    const { container } = render(<StatusLine status={null} />);
    expect(container.innerHTML).toBe('');
  });

  it('announces a success politely and a failure as an alert', () => {
    const { rerender } = render(<StatusLine status={{ ok: true, text: 'Saved.' }} />);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    expect(screen.getByRole('status').className).toBe('status-line');
    rerender(<StatusLine status={{ ok: false, text: 'Wrong password.' }} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Wrong password.');
    expect(screen.getByRole('alert').className).toBe('status-line status-line--error');
  });

  it('adds the surrounding style it is given', () => {
    render(<StatusLine status={{ ok: false, text: 'No.' }} className="login-form__note" />);
    expect(screen.getByRole('alert').className).toBe('status-line status-line--error login-form__note');
  });
});

describe('<Notice>', () => {
  it('is a note, not an announcement', () => {
    render(<Notice>Deposits are not available right now.</Notice>);
    expect(screen.getByRole('note').textContent).toBe('Deposits are not available right now.');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
