import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAsOperator } from '../../testing/operator-api.tsx';
import CsPage from './CsPage.tsx';

const request = {
  id: '31',
  name: 'Aisyah',
  channel: 'mobile',
  contact: '+60123456789',
  category: 'payment',
  message: 'My deposit has not arrived yet.',
  language: 'MS',
  status: 'new',
  memberId: '7',
  username: 'aisyah88',
  note: '',
  handledBy: null,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
};

const feedback = {
  id: '5',
  content: 'The lobby is slow on my phone',
  language: 'EN',
  createdAt: '2026-01-02T03:04:05.000Z',
  imageIds: ['9'],
};

function stub(role: string) {
  return renderAsOperator(role, <CsPage />, (url, method) =>
    url.startsWith('/bo/v1/feedback')
      ? { items: [feedback], total: 1, page: 1, size: 20 }
      : method === 'POST'
        ? { ...request, status: 'in_progress', note: 'Calling back', handledBy: 'op' }
        : { items: [request], total: 1, page: 1, size: 20 },
  );
}

describe('<CsPage>', () => {
  it('lists new contact requests and lets customer service take one with a note', async () => {
    const calls = stub('cs');
    const row = await screen.findByTestId('bo-contact-31');
    expect(row.textContent).toContain('Aisyah');
    expect(row.textContent).toContain('Member aisyah88');
    expect(row.textContent).toContain('Mobile: +60123456789');
    expect(row.textContent).toContain('Deposit or withdrawal');
    expect(calls[0]?.url).toContain('status=new');
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: ' Calling back ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: '/bo/v1/cs/contact-requests/31/status',
        method: 'POST',
        body: { status: 'in_progress', note: 'Calling back' },
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Request 31: In progress');
  });

  it('shows no actions to roles that only read', async () => {
    stub('finance');
    await screen.findByTestId('bo-contact-31');
    expect(screen.queryByRole('button', { name: 'Take' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('shows the feedback tab with its images fetched with the operator token', async () => {
    stub('readonly');
    const fetchImage = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(new Blob(['png'], { type: 'image/png' })),
    );
    URL.createObjectURL = vi.fn(() => 'blob:feedback-9');
    URL.revokeObjectURL = vi.fn();
    const tab = await screen.findByRole('tab', { name: 'Feedback' });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    const row = await screen.findByTestId('bo-feedback-5');
    expect(row.textContent).toContain('The lobby is slow on my phone');
    const listFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/bo/v1/feedback/images/') ? fetchImage(input, init) : listFetch(input, init),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 image' }));
    const image = await screen.findByTestId('bo-feedback-image-9');
    expect(image.getAttribute('src')).toBe('blob:feedback-9');
    const [url, init] = fetchImage.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/bo/v1/feedback/images/9');
    expect((init.headers as Record<string, string>).Authorization).toBe('tok');
  });
});
