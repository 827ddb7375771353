import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { canSee, menuFor, PAGES } from './pages.ts';
import { SideMenu } from './SideMenu.tsx';

const labels = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('side menu', () => {
  it('shows a readonly operator the pages open to every role and the games pages it may read', () => {
    render(
      <MemoryRouter>
        <SideMenu operatorRole="readonly" />
      </MemoryRouter>,
    );
    expect(labels()).toEqual([
      'Dashboard',
      'Members',
      'Games and vendors',
      'Round lookup',
      'GGR report',
      'Lottery games',
      'Lottery odds',
      'Lottery numeros',
      'Customer service',
      'Affiliate applications',
      'Messages',
      'Missions',
      'Referrals',
      'Promotions',
    ]);
  });

  it('shows finance the adjustments but not operators, audit or settings', () => {
    render(
      <MemoryRouter>
        <SideMenu operatorRole="finance" />
      </MemoryRouter>,
    );
    expect(labels()).toContain('Adjustments');
    expect(labels()).toContain('Lottery results');
    expect(labels()).toContain('Lottery P&L');
    expect(labels()).not.toContain('Operators');
    expect(labels()).not.toContain('Audit log');
    expect(labels()).not.toContain('Brand settings');
  });

  it('shows an admin every menu page of the list', () => {
    expect(menuFor('admin')).toHaveLength(PAGES.filter((page) => page.menuKey).length);
    expect(canSee({ roles: ['cs'] }, 'finance')).toBe(false);
    expect(canSee({ roles: ['cs'] }, 'cs')).toBe(true);
  });
});
