import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import MessagesPage from './MessagesPage.tsx';

const message = {
  id: '12',
  title: { en: 'Weekend news', ms: 'Berita hujung minggu', cn: '周末消息' },
  content: { en: '<p>Hi</p>', ms: '<p>Hai</p>', cn: '<p>你好</p>' },
  audience: 'members',
  recipients: 2,
  reads: 1,
  state: 'published',
  publishAt: '2026-01-02T03:04:05.000Z',
  withdrawnAt: null,
  createdBy: '1',
  createdAt: '2026-01-02T03:04:05.000Z',
};

function stub(role: string) {
  return renderAsOperator(role, <MessagesPage />, (_url, method) =>
    method === 'POST'
      ? { ...message, id: '13', state: 'withdrawn' }
      : { items: [message], total: 1, page: 1, size: 20 },
  );
}

describe('<MessagesPage>', () => {
  it('sends a message to listed members with the empty languages left out', async () => {
    const calls = stub('marketing');
    const row = await screen.findByTestId('bo-message-12');
    expect(row.textContent).toContain('Weekend news');
    expect(row.textContent).toContain('2 members');
    fireEvent.change(screen.getByLabelText('Audience'), { target: { value: 'members' } });
    fireEvent.change(screen.getByLabelText(/User names/), { target: { value: 'alice, bob\ncarol' } });
    const [titleEn] = screen.getAllByLabelText('Title');
    const [contentEn] = screen.getAllByLabelText('Message (HTML)');
    fireEvent.change(titleEn as HTMLElement, { target: { value: 'Hello' } });
    fireEvent.change(contentEn as HTMLElement, { target: { value: '<p>Body</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: '/bo/v1/messages',
        method: 'POST',
        body: {
          title: { en: 'Hello' },
          content: { en: '<p>Body</p>' },
          audience: 'members',
          usernames: ['alice', 'bob', 'carol'],
        },
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Message 13 saved.');
  });

  it('withdraws a published message', async () => {
    const calls = stub('cs');
    await screen.findByTestId('bo-message-12');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.url).toBe('/bo/v1/messages/12/withdraw'),
    );
  });

  it('shows readonly operators the list without the form or actions', async () => {
    stub('readonly');
    await screen.findByTestId('bo-message-12');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });
});
