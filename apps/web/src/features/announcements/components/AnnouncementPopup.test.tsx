import { MEMBER_TYPE } from '@lotus/contracts/accounts';
import type { Announcement } from '@lotus/contracts/system';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { closeModal, currentModal } from '../../../lib/modals.ts';
import { endSession, startSession } from '../../../lib/session.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { AnnouncementPopup } from './AnnouncementPopup.tsx';
import { AnnouncementPopupHost } from './AnnouncementPopupHost.tsx';

const item = (n: number, extra: Partial<Announcement> = {}): Announcement => ({
  id: `a${n}`,
  type: 'B',
  title: `Title ${n}`,
  content: `<p>Body ${n}</p><script>window.hacked = true</script>`,
  execution: 'B',
  promotionType: null,
  timestamp: 1_700_000_000_000,
  ...extra,
});

const list = (count: number) => Array.from({ length: count }, (_, i) => item(i + 1));

describe('<AnnouncementPopup>', () => {
  it('shows 5 titles per page and pages through the rest', () => {
    renderApp(
      <AnnouncementPopup items={list(7)} open onClose={() => {}} onOpenPromotionAnnouncements={() => {}} />,
    );
    const popup = screen.getByTestId('announcement-popup');
    const titles = within(popup).getByRole('list', { name: 'Announcements' });
    expect(
      within(titles)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Title 1', 'Title 2', 'Title 3', 'Title 4', 'Title 5']);
    fireEvent.click(within(popup).getByRole('button', { name: 'Page 2' }));
    expect(
      within(titles)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Title 6', 'Title 7']);
    // The first title of the new page is selected and its content shown.
    expect(within(popup).getByRole('heading', { name: 'Title 6' })).toBeTruthy();
  });

  it('has no pagination with a single page', () => {
    renderApp(
      <AnnouncementPopup items={list(5)} open onClose={() => {}} onOpenPromotionAnnouncements={() => {}} />,
    );
    expect(screen.queryByRole('navigation', { name: 'Announcement pages' })).toBeNull();
  });

  it('shows the selected item and strips scripts from its HTML', async () => {
    renderApp(
      <AnnouncementPopup items={list(3)} open onClose={() => {}} onOpenPromotionAnnouncements={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Title 2' }));
    const popup = screen.getByTestId('announcement-popup');
    expect(await within(popup).findByText('Body 2')).toBeTruthy();
    expect(popup.querySelector('script')).toBeNull();
  });

  it('offers go-to-promotion only for items with a promotionType', () => {
    const onGo = vi.fn();
    renderApp(
      <AnnouncementPopup
        items={[item(1), item(2, { promotionType: 'DEPOSIT' })]}
        open
        onClose={() => {}}
        onOpenPromotionAnnouncements={onGo}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Go to promotion' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Title 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to promotion' }));
    expect(onGo).toHaveBeenCalledOnce();
  });
});

describe('<AnnouncementPopupHost> once per session', () => {
  it('shows the visitor popup, and closing it stores popupClosed_B so it stays closed', async () => {
    const api = stubApi({ '/wps/relay/MCSFE_getListAnnouncements': list(2) });
    vi.stubGlobal('fetch', api.fetchMock);
    const first = renderApp(<AnnouncementPopupHost execution="B" />);
    await screen.findByTestId('announcement-popup');
    expect(api.calls[0]!.url).toContain('execution=B');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('announcement-popup')).toBeNull());
    expect(window.sessionStorage.getItem('popupClosed_B')).toBe('1');
    first.unmount();

    renderApp(<AnnouncementPopupHost execution="B" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('announcement-popup')).toBeNull();
    expect(api.calls).toHaveLength(1);
  });

  it('go-to-promotion closes the popup and opens /promotions', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({ '/wps/relay/MCSFE_getListAnnouncements': [item(1, { promotionType: 'DEPOSIT' })] }).fetchMock,
    );
    renderApp(<AnnouncementPopupHost execution="B" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Go to promotion' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/promotions'));
    expect(screen.queryByTestId('announcement-popup')).toBeNull();
    expect(window.sessionStorage.getItem('popupClosed_B')).toBe('1');
  });

  it('go-to-promotion opens the reward centre for a signed-in member', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({ '/wps/relay/MCSFE_getListAnnouncements': [item(1, { promotionType: 'DEPOSIT' })] }).fetchMock,
    );
    startSession({ token: 'tok', isAgent: MEMBER_TYPE, account: 'demoplayer' });
    try {
      renderApp(<AnnouncementPopupHost execution="A" />);
      fireEvent.click(await screen.findByRole('button', { name: 'Go to promotion' }));
      await waitFor(() => expect(currentModal()).toEqual({ name: 'memberCentre', page: 'rewardCenter' }));
      expect(screen.queryByTestId('announcement-popup')).toBeNull();
    } finally {
      closeModal();
      endSession();
    }
  });
});
