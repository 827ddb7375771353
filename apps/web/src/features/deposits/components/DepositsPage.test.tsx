import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { DepositsPage } from './DepositsPage.tsx';

const limits = { minAmount: '10.00', maxAmount: '50000.00' };
const settings = {
  allowDeposit: 'Y',
  currency: 'MYR',
  currencySymbol: 'RM',
  methods: [
    {
      id: '1',
      code: 'bank',
      kind: 'bank_transfer',
      name: 'Bank transfer',
      ...limits,
      bankAccounts: [
        { id: '5', bankName: 'Maybank', accountName: 'Lotus Demo', accountNumber: '514012345678' },
      ],
    },
    { id: '2', code: 'online', kind: 'gateway', name: 'Online banking', ...limits, bankAccounts: [] },
    { id: '3', code: 'qr', kind: 'qr', name: 'QR payment', ...limits, bankAccounts: [] },
  ],
};

const pending = {
  id: '42',
  reference: 'DP0123456789ABCDEF0123',
  kind: 'bank_transfer',
  methodName: 'Bank transfer',
  amount: '1234.50',
  currency: 'MYR',
  status: 'pending',
  bankName: 'Maybank',
  accountName: 'Lotus Demo',
  accountNumber: '514012345678',
  transferReference: 'TRX1',
  hasReceipt: true,
  rejectReason: '',
  createdAt: Date.UTC(2026, 0, 2),
  resolvedAt: null,
};

function api(extra: Record<string, unknown> = {}) {
  return stubApi({
    '/wps/relay/MCSFE_getDepositSettings': settings,
    '/wps/deposits': { items: [pending], total: 1, page: 1, size: 10 },
    ...extra,
  });
}

describe('<DepositsPage>', () => {
  beforeAll(() => loadErrorCatalogue());

  it('shows the receiving bank account, the limits and the recent deposits with their status', async () => {
    window.sessionStorage.setItem('token', 'tok');
    vi.stubGlobal('fetch', api().fetchMock);
    renderApp(<DepositsPage />);
    expect(await screen.findByText('From RM 10.00 to RM 50,000.00')).toBeTruthy();
    expect(screen.getByTestId('deposit-accounts').textContent).toContain('514012345678');
    const row = await screen.findByTestId('deposit-42');
    expect(row.textContent).toContain('RM 1,234.50');
    expect(row.textContent).toContain('Pending');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('refuses an amount above the maximum or with three decimals before calling the server', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = api();
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<DepositsPage />);
    fireEvent.click(await screen.findByTestId('deposit-method-gateway'));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '50000.01' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The most you can deposit with this method is RM 50,000.00.',
    );
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10.001' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Enter an amount above zero with at most two decimals.',
      ),
    );
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);
  });

  it('shows the QR image of a QR deposit', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock } = api();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Response(
            JSON.stringify({
              success: true,
              value: {
                deposit: { ...pending, id: '43', kind: 'qr' },
                redirectUrl: null,
                qrImage: 'data:image/png;base64,iVBORw0KGgo=',
                qrPayload: 'x',
              },
              message: '',
              errorCode: '',
            }),
            { status: 200 },
          )
        : fetchMock(input, init),
    );
    renderApp(<DepositsPage />);
    fireEvent.click(await screen.findByTestId('deposit-method-qr'));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    const image = await screen.findByAltText(`QR code to pay deposit ${pending.reference}`);
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });
});
