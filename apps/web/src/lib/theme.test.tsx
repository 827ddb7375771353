import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ThemeToggle } from '../features/theme/components/ThemeToggle.tsx';
import { i18n } from './i18n.ts';
import { initTheme } from './theme.ts';

describe('theme', () => {
  it('is dark by default and paints html[data-theme]', () => {
    expect(initTheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('restores the remembered theme from localStorage `theme`', () => {
    window.localStorage.setItem('theme', 'light');
    expect(initTheme()).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('ignores a garbage stored value', () => {
    window.localStorage.setItem('theme', 'purple');
    expect(initTheme()).toBe('dark');
  });

  it('the toggle switches and remembers the theme', () => {
    initTheme();
    render(
      <I18nextProvider i18n={i18n}>
        <ThemeToggle />
      </I18nextProvider>,
    );
    const toggle = screen.getByTestId('theme-toggle');
    expect(toggle.getAttribute('aria-label')).toBe('Switch to light theme');
    fireEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(toggle.getAttribute('aria-label')).toBe('Switch to dark theme');
    fireEvent.click(toggle);
    expect(window.localStorage.getItem('theme')).toBe('dark');
  });
});
