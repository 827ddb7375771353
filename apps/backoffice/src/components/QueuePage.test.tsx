import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAsOperator } from '../testing/operator-api.tsx';
import { QueuePage, type QueueRowProps } from './QueuePage.tsx';

type Item = { id: string; status: string };
type Filters = { status: string };
type Action = { kind: 'approve' } | { kind: 'resolve'; outcome: string };

function Row({ item, mayAct, busy, act, rejectWithReason }: QueueRowProps<Item, Action>) {
  return (
    <tr data-testid={`row-${item.id}`}>
      <td>{item.id}</td>
      <td>{item.status}</td>
      <td>
        {mayAct ? (
          <>
            <button type="button" disabled={busy} onClick={() => act({ kind: 'approve' })}>
              Approve
            </button>
            <button type="button" disabled={busy} onClick={() => act({ kind: 'resolve', outcome: 'refund' })}>
              Refund
            </button>
            {rejectWithReason}
          </>
        ) : null}
      </td>
    </tr>
  );
}

function Queue() {
  return (
    <QueuePage<Item, Filters, Action>
      name="items"
      title="Items"
      path="/bo/v1/items"
      initialFilters={{ status: 'pending' }}
      readFilters={(data) => ({ status: String(data.get('status') ?? '') })}
      filterFields={
        <div className="field">
          <label htmlFor="it-status">Status</label>
          <input id="it-status" name="status" defaultValue="pending" />
        </div>
      }
      searchLabel="Search"
      emptyText="Nothing waiting."
      columns={['ID', 'Status', 'Actions']}
      doneText={(item) => `Item ${item.id}: ${item.status}`}
      reject={{ idPrefix: 'it', label: 'Reason for rejection', button: 'Reject', maxLength: 20 }}
      actRoles={['finance']}
      row={Row}
    />
  );
}

const pending = { id: '7', status: 'pending' };

function stub(role: string, total = 1) {
  return renderAsOperator(role, <Queue />, (url, method) =>
    method === 'POST' ? { ...pending, status: url.split('/').pop() } : { items: [pending], total },
  );
}

describe('<QueuePage>', () => {
  it('lists the first page with the initial filters under its headings', async () => {
    const calls = stub('finance');
    await screen.findByTestId('row-7');
    expect(calls[0]?.url).toBe('/bo/v1/items?status=pending&page=1&size=20');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'ID',
      'Status',
      'Actions',
    ]);
    expect(screen.getByRole('heading', { name: 'Items' })).toBeTruthy();
    expect(screen.getByTestId('bo-items')).toBeTruthy();
  });

  it('pages through the queue and starts again at page 1 after a search', async () => {
    const calls = stub('cs', 45);
    await screen.findByTestId('row-7');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/bo/v1/items?status=pending&page=2&size=20')).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/bo/v1/items?status=paid&page=1&size=20'));
  });

  it('posts an action to the item, with its fields as the body, then says so and reloads the list', async () => {
    const calls = stub('finance');
    await screen.findByTestId('row-7');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('status')).textContent).toBe('Item 7: approve');
    const approve = calls.find((c) => c.method === 'POST');
    expect(approve).toEqual({ url: '/bo/v1/items/7/approve', method: 'POST', body: undefined });
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/bo/v1/items/7/resolve')?.body).toEqual({ outcome: 'refund' }),
    );
  });

  it('rejects with the typed reason only', async () => {
    const calls = stub('admin');
    await screen.findByTestId('row-7');
    const reject = screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for rejection'), {
      target: { value: '  Unknown payer ' },
    });
    fireEvent.click(reject);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/bo/v1/items/7/reject')?.body).toEqual({ reason: 'Unknown payer' }),
    );
  });

  it('gives the rows no actions for a role outside the queue', async () => {
    stub('cs');
    await screen.findByTestId('row-7');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByLabelText('Reason for rejection')).toBeNull();
  });

  it('shows a refused action as an alert with the server text', async () => {
    sessionStorage.setItem('bo.token', 'tok');
    sessionStorage.setItem('bo.operator', JSON.stringify({ id: '1', username: 'op', role: 'finance' }));
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Response(
            JSON.stringify({ success: false, value: null, message: 'Already reviewed.', errorCode: 'x' }),
            { status: 409 },
          )
        : new Response(
            JSON.stringify({
              success: true,
              value: { items: [pending], total: 1 },
              message: '',
              errorCode: '',
            }),
            { status: 200 },
          ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Queue />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Already reviewed.');
  });

  it('shows the empty text for an empty page', async () => {
    renderAsOperator('cs', <Queue />, () => ({ items: [], total: 0 }));
    expect(await screen.findByText('Nothing waiting.')).toBeTruthy();
  });

  it('fetches the queue again when the window regains focus, even within the app-wide 10 s cache', async () => {
    sessionStorage.setItem('bo.token', 'tok');
    sessionStorage.setItem('bo.operator', JSON.stringify({ id: '1', username: 'op', role: 'cs' }));
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response(
        JSON.stringify({ success: true, value: { items: [pending], total: 1 }, message: '', errorCode: '' }),
        { status: 200 },
      );
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
    render(
      <QueryClientProvider client={client}>
        <Queue />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls.length).toBe(1));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(calls.length).toBe(2));
    focusManager.setFocused(undefined);
  });
});
