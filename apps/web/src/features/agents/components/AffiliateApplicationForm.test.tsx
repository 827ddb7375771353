import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { AffiliateApplicationForm } from './AffiliateApplicationForm.tsx';

vi.mock('../../../lib/human-check.ts', () => ({ solveHumanCheck: async () => 'solved' }));

function start() {
  const api = stubApi({ '/wps/agents/applications': { id: '12', status: 'new' } });
  vi.stubGlobal('fetch', api.fetchMock);
  renderApp(<AffiliateApplicationForm />, { route: '/join' });
  return api;
}

describe('<AffiliateApplicationForm>', () => {
  it('sends the name, every way to reach the applicant, the sites by line and the players', async () => {
    await loadErrorCatalogue();
    const api = start();
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Daniel' } });
    fireEvent.change(screen.getByLabelText('WhatsApp'), { target: { value: '012 345 6789' } });
    fireEvent.click(screen.getByRole('button', { name: '+ Add another way to reach you' }));
    fireEvent.change(screen.getByLabelText('Contact channel 2'), { target: { value: 'telegram' } });
    fireEvent.change(screen.getByLabelText('Telegram'), { target: { value: '@daniel_tips' } });
    fireEvent.change(screen.getByLabelText('Websites or social channels (optional)'), {
      target: { value: 'https://tips.example\n\n  @daniel_tips  ' },
    });
    fireEvent.change(screen.getByLabelText('Players you expect to bring each month'), {
      target: { value: '250' },
    });
    fireEvent.click(screen.getByTestId('affiliate-submit'));

    expect((await screen.findByTestId('affiliate-sent')).textContent).toContain('no. 12');
    const call = api.calls.find((c) => c.url === '/wps/agents/applications');
    expect(JSON.parse(String(call?.init?.body))).toEqual({
      name: 'Daniel',
      contacts: [
        { channel: 'whatsapp', value: '012 345 6789' },
        { channel: 'telegram', value: '@daniel_tips' },
      ],
      sites: ['https://tips.example', '@daniel_tips'],
      monthlyPlayers: 250,
      message: '',
      humanCheck: 'solved',
    });
  });

  it('offers each channel once and refuses missing players before sending', async () => {
    await loadErrorCatalogue();
    const api = start();
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Daniel' } });
    fireEvent.change(screen.getByLabelText('WhatsApp'), { target: { value: '012 345 6789' } });
    fireEvent.click(screen.getByRole('button', { name: '+ Add another way to reach you' }));
    const second = screen.getByLabelText('Contact channel 2') as HTMLSelectElement;
    expect([...second.options].map((o) => o.value)).not.toContain('whatsapp');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Mobile' }));
    expect(screen.queryByLabelText('Contact channel 2')).toBeNull();
    fireEvent.click(screen.getByTestId('affiliate-submit'));
    expect(await screen.findByText(/whole number from 1 to 1,000,000/)).toBeTruthy();
    expect(api.calls.some((c) => c.url === '/wps/agents/applications')).toBe(false);
  });
});
