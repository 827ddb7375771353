import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render.tsx';
import { BackToLobby } from './BackToLobby.tsx';

describe('BackToLobby', () => {
  it('is one button with one text that goes to the lobby it is given', () => {
    renderApp(<BackToLobby to="/lottery" />, { route: '/lottery?gameCode=X' });
    const back = screen.getByRole('button', { name: /Back to the lobby/ });
    expect(back.textContent).toBe('← Back to the lobby');
    fireEvent.click(back);
    expect(screen.getByTestId('location').textContent).toBe('/lottery');
  });
});
