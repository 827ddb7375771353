import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { PointMallPage } from './PointMallPage.tsx';

const mug = {
  id: '5',
  name: 'Travel mug',
  description: 'Steel',
  type: 'physical',
  imageUrl: '',
  points: '100',
  cashAmount: '0.00',
  stock: 3,
};

function api() {
  return stubApi({
    '/wps/relay/MCS2_getPointBalance': { pointBalance: '250' },
    '/wps/relay/MCS2_getPointReward': { items: [mug, { ...mug, id: '6', name: 'Sold out cap', stock: 0 }] },
    '/wps/relay/MCS2_getPointConfig': {
      rates: [],
      convertPoints: '100',
      convertAmount: '1.00',
      minConvertPoints: '100',
      currency: 'MYR',
    },
    '/wps/relay/MCS2_getRedeemPointList': {
      items: [
        {
          transactionNo: '77',
          applyTime: new Date(Date.UTC(2026, 0, 2)).toISOString(),
          exchangeType: 'physical',
          productName: 'Travel mug',
          quantity: 1,
          requiredPoints: '100',
          status: 'rejected',
          reason: 'Address unknown',
        },
      ],
      total: 1,
      page: 1,
      size: 10,
    },
    '/wps/relay/ODSFE2_MemTransDet': { items: [], total: 0, page: 1, size: 10 },
  });
}

describe('<PointMallPage>', () => {
  beforeAll(() => loadErrorCatalogue());

  it('shows the points, the products with their stock and the exchange records', async () => {
    window.sessionStorage.setItem('token', 'tok');
    vi.stubGlobal('fetch', api().fetchMock);
    renderApp(<PointMallPage />);
    expect(await screen.findByText('Your points: 250')).toBeTruthy();
    expect((await screen.findByTestId('point-product-5')).textContent).toContain('3 left');
    expect(screen.getByTestId('point-product-6').textContent).toContain('Out of stock');
    expect((screen.getByTestId('point-redeem-6') as HTMLButtonElement).disabled).toBe(true);
    const record = await screen.findByTestId('point-record-77');
    expect(record.textContent).toContain('Rejected');
    expect(record.textContent).toContain('Address unknown');
  });

  it('asks for the address, a valid phone and the funds password before calling the server', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = api();
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<PointMallPage />);
    fireEvent.click(await screen.findByTestId('point-redeem-5'));
    fireEvent.click(screen.getByTestId('point-redeem-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a delivery address.');
    fireEvent.change(screen.getByLabelText('Delivery address'), { target: { value: '12 Jalan Ampang' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('point-redeem-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter a valid mobile number and country code.',
    );
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '123456789' } });
    fireEvent.click(screen.getByTestId('point-redeem-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your funds password.');
    expect(calls.some((c) => c.url.includes('passwordCheck'))).toBe(false);
  });
});
