import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { ContactPage } from './ContactPage.tsx';

vi.mock('../../../lib/human-check.ts', () => ({ solveHumanCheck: async () => 'solved' }));

const STATUS = {
  info: {
    whitelabel: { country: 'MY' },
    customerService: [
      { csType: 'LIVECHAT', path: '/contact', qrCodeUrl: '', labelNameEn: '', labelNameCn: '' },
      {
        csType: 'WHATSAPP',
        path: 'https://wa.me/60123456789',
        qrCodeUrl: '',
        labelNameEn: '',
        labelNameCn: '',
      },
    ],
  },
};

function start(extra: Record<string, unknown> = {}) {
  const api = stubApi({
    '/wps/system/status': STATUS,
    '/wps/cs/contact': { id: '41', status: 'new' },
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp(<ContactPage />, { route: '/contact' });
  return api;
}

const posted = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((c) => c.url === '/wps/cs/contact' && c.init?.method === 'POST');

describe('<ContactPage>', () => {
  it('checks the form as the server does, then sends it with the human check and thanks the visitor', async () => {
    await loadErrorCatalogue();
    const api = start();
    fireEvent.click(await screen.findByTestId('contact-submit'));
    expect(screen.getByText('Please enter your name (up to 60 characters).')).toBeTruthy();
    expect(screen.getByText(/valid mobile or WhatsApp number/)).toBeTruthy();
    expect(screen.getByText('Please write your message (up to 500 characters).')).toBeTruthy();
    expect(posted(api)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: ' Aisyah ' } });
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'payment' } });
    fireEvent.change(screen.getByLabelText('Contact channel'), { target: { value: 'email' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'aisyah@example.com' } });
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '好🙂 deposit' } });
    expect(screen.getByText('10 / 500 characters')).toBeTruthy();
    fireEvent.click(screen.getByTestId('contact-submit'));

    expect((await screen.findByTestId('contact-sent')).textContent).toContain('no. 41');
    expect(JSON.parse(String(posted(api)[0]?.init?.body))).toEqual({
      name: 'Aisyah',
      category: 'payment',
      channel: 'email',
      contact: 'aisyah@example.com',
      message: '好🙂 deposit',
      humanCheck: 'solved',
    });
    expect(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/60123456789',
    );
  });

  it("shows the server's field refusal under its field", async () => {
    await loadErrorCatalogue();
    const refusal = {
      success: false,
      value: null,
      message: 'x',
      errorCode: 'contact_value_invalid',
      fieldErrors: { contact: 'errors.contact_value_invalid' },
    };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      String(input) === '/wps/cs/contact'
        ? new Response(JSON.stringify(refusal), { status: 400 })
        : Response.json({ success: true, value: STATUS, message: '', errorCode: '' }),
    );
    renderApp(<ContactPage />, { route: '/contact' });
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByLabelText('Mobile'), { target: { value: '012 345 678' } });
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByTestId('contact-submit'));
    const input = screen.getByLabelText('Mobile');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(String(input.getAttribute('aria-describedby')))?.textContent).toMatch(
      /valid mobile or WhatsApp number/,
    );
  });

  it("shows a logged-in member's recent requests with their status", async () => {
    window.sessionStorage.setItem('token', 'tok');
    window.sessionStorage.setItem('account', 'alice');
    start({
      '/wps/cs/contact': [
        {
          id: '7',
          category: 'account',
          message: 'Cannot log in',
          status: 'in_progress',
          createdAt: '2026-01-02T03:04:05.000Z',
          updatedAt: '2026-01-02T04:00:00.000Z',
        },
      ],
    });
    expect(
      await screen.findByText('Signed in as alice: your message is linked to your account.'),
    ).toBeTruthy();
    const item = await screen.findByTestId('contact-request-7');
    expect(item.textContent).toContain('Account and login');
    expect(item.textContent).toContain('In progress');
    expect(item.textContent).toContain('Cannot log in');
  });
});
