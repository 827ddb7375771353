import { MEMBER_TYPE } from '@lotus/contracts/accounts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { closeModal, currentModal } from '../../lib/modals.ts';
import { getTheme, setTheme } from '../../lib/theme.ts';
import { renderApp, stubApi } from '../../testing/render.tsx';
import { MemberHeaderBar } from './MemberHeaderBar.tsx';

function login() {
  window.sessionStorage.setItem('token', 'tok');
  window.sessionStorage.setItem('account', 'alice');
  window.sessionStorage.setItem('isAgent', String(MEMBER_TYPE));
  vi.stubGlobal(
    'fetch',
    stubApi({
      '/wps/v2/wallets/balance': {
        sumBalance: '12.50',
        balance: [{ accountTypeId: 0, availBalance: '12.50' }],
        currency: 'MYR',
        currencySymbol: 'RM',
      },
    }).fetchMock,
  );
}

/** Radix opens its dropdown from the keyboard as well as the pointer; jsdom has no layout. */
async function openMenu() {
  const trigger = screen.getByTestId('account-menu');
  expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
  expect(trigger.getAttribute('aria-label')).toBe('Account menu');
  await act(async () => {
    fireEvent.keyDown(trigger, { key: 'Enter' });
  });
  return screen.findByTestId('account-menu-content');
}

describe('<MemberHeaderBar> (the logged-in header and its menu)', () => {
  it('keeps balance and deposit in the bar and lists every other entry in the menu', async () => {
    login();
    renderApp(<MemberHeaderBar currencySymbol="RM" manualRebate={false} brandCodes={['EN', 'MS', 'CN']} />);
    expect(await screen.findByText('RM 12.50')).toBeTruthy();
    expect(screen.getByTestId('deposit-entry').textContent).toBe('Deposit');
    const menu = await openMenu();
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.trim());
    expect(items).toEqual([
      'Withdraw',
      'Member centre',
      'Betting record',
      expect.stringContaining('Language'),
      expect.stringMatching(/theme/i),
      'Log out',
    ]);
    expect(within(menu).queryByText('Cashback')).toBeNull();
    expect(screen.queryByText('Personal centre')).toBeNull();
  });

  it('lists cashback only when the brand enables it', async () => {
    login();
    renderApp(<MemberHeaderBar currencySymbol="RM" manualRebate brandCodes={['EN']} />);
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Cashback' })).toBeTruthy();
  });

  it('opens the member centre on the chosen page from the menu', async () => {
    login();
    renderApp(<MemberHeaderBar currencySymbol="RM" manualRebate={false} />);
    const menu = await openMenu();
    await act(async () => {
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Withdraw' }));
    });
    expect(currentModal()).toEqual({ name: 'memberCentre', page: 'withdraw' });
    closeModal();
  });

  it('asks to confirm the logout from the menu', async () => {
    login();
    renderApp(<MemberHeaderBar currencySymbol="RM" manualRebate={false} />);
    const menu = await openMenu();
    await act(async () => {
      fireEvent.click(within(menu).getByTestId('menu-logout'));
    });
    expect(currentModal()).toEqual({ name: 'logoutConfirm' });
    closeModal();
  });

  it('switches the theme from the menu and stays open', async () => {
    login();
    setTheme('dark');
    renderApp(<MemberHeaderBar currencySymbol="RM" manualRebate={false} />);
    const menu = await openMenu();
    await act(async () => {
      fireEvent.click(within(menu).getByTestId('menu-theme'));
    });
    expect(getTheme()).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByTestId('account-menu-content')).toBeTruthy();
  });
});
