import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { TransferUplinePage } from './TransferUplinePage.tsx';

const settings = {
  currency: 'MYR',
  currencySymbol: 'RM',
  minimumAmount: '100.00',
  maximumAmount: '50000.00',
};

describe('<TransferUplinePage>', () => {
  beforeAll(() => loadErrorCatalogue());

  it('names the upline agent and checks the amount before sending', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = stubApi({
      '/wps/member/upline': { hasUpline: true, uplineAccount: 'agent007' },
      '/wps/relay/MCSFE_getWithdrawSettings': settings,
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<TransferUplinePage />);
    expect(await screen.findByText('To your upline agent agent007')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Funds password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter an amount above zero with at most two decimals.',
    );
    expect(calls.some((c) => c.url.includes('passwordCheck'))).toBe(false);
  });

  it('tells a member without an upline that there is nobody to transfer to', async () => {
    window.sessionStorage.setItem('token', 'tok');
    vi.stubGlobal(
      'fetch',
      stubApi({
        '/wps/member/upline': { hasUpline: false, uplineAccount: '' },
        '/wps/relay/MCSFE_getWithdrawSettings': settings,
      }).fetchMock,
    );
    renderApp(<TransferUplinePage />);
    expect(await screen.findByText('Your account has no upline agent to transfer to.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
  });
});
