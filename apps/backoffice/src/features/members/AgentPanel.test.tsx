import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AgentPanel } from './AgentPanel.tsx';

const MEMBER = {
  id: '7',
  username: 'alice',
  isAgent: 0,
  affiliateCode: '',
  uplineUsername: 'bob',
  status: 'active',
  directSize: 0,
  teamSize: 0,
};

const answer = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value, message: '', errorCode: '' }));

function show(canEdit: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AgentPanel memberId="7" canEdit={canEdit} />
    </QueryClientProvider>,
  );
}

describe('AgentPanel', () => {
  it('makes a member an agent of the chosen type and moves it under another agent', async () => {
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(answer(MEMBER)));
    vi.stubGlobal('fetch', fetchMock);
    show(true);
    expect((await screen.findByTestId('agent-type')).textContent).toBe('Not an agent');
    fireEvent.change(screen.getByLabelText('Agent type (1, 2, 41, 42)'), { target: { value: '41' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make agent' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/type'))).toBe(true),
    );
    const typeCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/type'));
    expect(JSON.parse(String(typeCall?.[1]?.body))).toEqual({ isAgent: 41, note: '' });

    fireEvent.change(screen.getByLabelText('Move under agent (user name)'), { target: { value: 'carol' } });
    const notes = screen.getAllByLabelText('Note');
    fireEvent.change(notes[notes.length - 1] as HTMLElement, { target: { value: 'team merge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move with the whole team' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/upline'))).toBe(true),
    );
    const moveCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/upline'));
    expect(JSON.parse(String(moveCall?.[1]?.body))).toEqual({ uplineUsername: 'carol', note: 'team merge' });
  });

  it('shows no actions to a role that cannot act', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.resolve(answer({ ...MEMBER, isAgent: 2 }))),
    );
    show(false);
    expect((await screen.findByTestId('agent-type')).textContent).toBe('2');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
