import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp } from '../../../testing/render.tsx';
import { FeedbackDialog } from './FeedbackDialog.tsx';

describe('<FeedbackDialog>', () => {
  it('counts characters, blocks empty content with the catalogue text, then sends multipart PUT', async () => {
    await loadErrorCatalogue();
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ success: true, value: { id: '1', images: 0 }, message: '', errorCode: '' }),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<FeedbackDialog open onOpenChange={() => {}} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('alert').textContent).toBe('Feedback must be between 1 and 140 characters.');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: 'Great site' } });
    expect(screen.getByText('10 / 140 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thank you! Your feedback has been received.');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wps/feedback');
    expect(init.method).toBe('PUT');
    expect((init.body as FormData).get('content')).toBe('Great site');
  });

  it('shows a server refusal in the catalogue text', async () => {
    await loadErrorCatalogue();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ success: false, value: null, message: 'x', errorCode: 'TOO_MANY_REQUESTS' }),
            { status: 429 },
          ),
      ),
    );
    renderApp(<FeedbackDialog open onOpenChange={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Your feedback'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');
  });
});
