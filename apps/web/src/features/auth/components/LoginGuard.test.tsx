import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render.tsx';
import { LoginGuard } from './LoginGuard.tsx';

describe('<LoginGuard>', () => {
  it('redirects a visitor to /login when the brand requires login', () => {
    renderApp(
      <LoginGuard loginedToHomePage>
        <p>content</p>
      </LoginGuard>,
      { route: '/vip' },
    );
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('shows the page when a token is in session storage', () => {
    window.sessionStorage.setItem('token', 'abc');
    renderApp(
      <LoginGuard loginedToHomePage>
        <p>content</p>
      </LoginGuard>,
      { route: '/vip' },
    );
    expect(screen.getByTestId('location').textContent).toBe('/vip');
    expect(screen.getByText('content')).toBeTruthy();
  });

  it('shows /helpmc to a visitor', () => {
    renderApp(
      <LoginGuard loginedToHomePage>
        <p>content</p>
      </LoginGuard>,
      { route: '/helpmc?page=about' },
    );
    expect(screen.getByTestId('location').textContent).toBe('/helpmc?page=about');
  });
});
