import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { MessagesPage } from './MessagesPage.tsx';

const unreadMessage = {
  id: '7',
  title: 'Weekend bonus',
  content: '<p>Claim it on <b>Saturday</b></p>',
  audience: 'all',
  read: false,
  timestamp: Date.UTC(2026, 0, 2, 3, 4, 5),
};
const readMessage = { ...unreadMessage, id: '8', title: 'For you', audience: 'members', read: true };

describe('<MessagesPage>', () => {
  it('lists the inbox with the unread count and opens a message, marking it read', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = stubApi({
      '/wps/messages': { items: [unreadMessage, readMessage], total: 2, unread: 1, page: 1, size: 10 },
      '/wps/messages/7/read': { ...unreadMessage, read: true },
      '/wps/messages/read-all': 0,
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<MessagesPage />);
    expect(await screen.findByText('1 unread message')).toBeTruthy();
    expect(screen.getByTestId('message-7').className).toContain('message--unread');
    expect(screen.getByTestId('message-8').className).not.toContain('message--unread');
    fireEvent.click(screen.getByRole('button', { name: /Weekend bonus/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/wps/messages/7/read'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/wps/messages/7/read'))?.init?.method).toBe('POST');
    expect(await screen.findByText('Saturday')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/wps/messages/read-all'))).toBe(true));
  });

  it('says so when the inbox is empty', async () => {
    window.sessionStorage.setItem('token', 'tok');
    vi.stubGlobal(
      'fetch',
      stubApi({ '/wps/messages': { items: [], total: 0, unread: 0, page: 1, size: 10 } }).fetchMock,
    );
    renderApp(<MessagesPage />);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });
});
