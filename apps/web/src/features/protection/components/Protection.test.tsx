import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { ProtectionPage } from './ProtectionPage.tsx';
import { ProtectionWatch } from './ProtectionWatch.tsx';

const status = (due: boolean) => ({
  sessionStartedAt: new Date(Date.now() - 75 * 60_000).toISOString(),
  sessionEndsAt: null,
  settings: { sessionLimitMinutes: 0, realityCheckMinutes: 60 },
  realityCheck: {
    due,
    dueAt: new Date().toISOString(),
    elapsedSeconds: 75 * 60,
    net: '-12.50',
    currency: 'MYR',
  },
});

describe('<ProtectionWatch>', () => {
  it('covers the page with the reality check when due and acknowledges it', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = stubApi({
      '/wps/protection/status': status(true),
      '/wps/protection/reality-check/ack': status(false),
    });
    vi.stubGlobal('fetch', fetchMock);
    // A game in the site's frame is told to pause at its round boundary, then to resume.
    const frame = document.createElement('iframe');
    frame.dataset.testid = 'game-iframe';
    document.body.append(frame);
    const told = vi.spyOn(frame.contentWindow as Window, 'postMessage');
    renderApp(<ProtectionWatch />);
    const dialog = await screen.findByTestId('reality-check');
    await waitFor(() => expect(told).toHaveBeenCalledWith({ source: 'lotus-platform', type: 'pause' }, '*'));
    expect(dialog.textContent).toContain('You have been playing for 1 h 15 min.');
    expect(dialog.textContent).toContain('MYR -12.50');
    fireEvent.click(screen.getByTestId('reality-check-ack'));
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/wps/protection/reality-check/ack'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('reality-check')).toBeNull());
    await waitFor(() =>
      expect(told).toHaveBeenLastCalledWith({ source: 'lotus-platform', type: 'resume' }, '*'),
    );
    frame.remove();
  });

  it('shows nothing while no reality check is due', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = stubApi({ '/wps/protection/status': status(false) });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<ProtectionWatch />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });
});

describe('<ProtectionPage>', () => {
  it('lists the active restrictions and sends a 6-month self-exclusion after the confirmation', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = stubApi({
      '/wps/protection/blocks': {
        sections: [
          { domain: 'exclusion', blocks: [{ kind: 'reality_check', since: null, until: null, value: '60' }] },
          {
            domain: 'limits',
            blocks: [
              {
                kind: 'limit_loss_day',
                since: '2026-12-01T00:00:00.000Z',
                until: null,
                value: '40.00',
                limit: '100.00',
              },
            ],
          },
        ],
      },
      '/wps/protection/settings': { sessionLimitMinutes: 0, realityCheckMinutes: 60 },
      '/wps/protection/exclusions': {
        id: '1',
        kind: 'self_exclusion',
        startedAt: new Date().toISOString(),
        endsAt: '2027-06-01T00:00:00.000Z',
        status: 'active',
        endedAt: null,
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<ProtectionPage />);
    expect(await screen.findByText('Reality check every 60 minutes')).toBeTruthy();
    expect(screen.getByText('Loss limit over 24 hours: 100.00, 40.00 left now')).toBeTruthy();
    fireEvent.change(screen.getByTestId('protection-choice'), { target: { value: 'self:6' } });
    fireEvent.click(screen.getByTestId('protection-exclude'));
    fireEvent.click(await screen.findByTestId('protection-confirm'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/wps/protection/exclusions'))).toBe(true));
    const sent = calls.find((c) => c.url.endsWith('/wps/protection/exclusions'));
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ kind: 'self_exclusion', months: 6 });
    await waitFor(() => expect(window.sessionStorage.getItem('token')).toBeNull());
  });
});
