import type { MemberKyc } from '@lotus/contracts/kyc';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { KycPage } from './KycPage.tsx';

const NONE: MemberKyc = {
  state: 'none',
  requiredDocuments: ['identity'],
  requirements: [{ action: 'withdraw', above: '1000.00' }],
  canUpload: true,
  documents: [],
};

describe('<KycPage>', () => {
  it('tells what the policy asks and why before it matters, and uploads a document image', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock, calls } = stubApi({
      '/wps/kyc': NONE,
      '/wps/kyc/documents': {
        ...NONE,
        state: 'pending',
        documents: [
          {
            id: '7',
            kind: 'identity',
            status: 'pending',
            reason: '',
            createdAt: '2026-12-01T00:00:00Z',
            reviewedAt: null,
          },
        ],
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<KycPage />);
    expect((await screen.findByTestId('kyc-state')).textContent).toBe('Not verified');
    expect(screen.getByTestId('kyc-requirements').textContent).toContain(
      'Withdrawals above 1000.00 need a verified identity.',
    );
    // Nothing chosen: nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Please choose an image.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/wps/kyc/documents'))).toBe(false);

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'id.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Image of the document'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByTestId('kyc-state').textContent).toBe('Under review'));
    const sent = calls.find((c) => c.url.includes('/wps/kyc/documents'));
    const body = sent?.init?.body as FormData;
    expect(body.get('kind')).toBe('identity');
    expect((body.get('document') as File).name).toBe('id.png');
    expect(screen.getByText('Uploaded. We will review it shortly.')).toBeTruthy();
  });

  it('says so when the verification is closed after a final rejection', async () => {
    window.sessionStorage.setItem('token', 'tok');
    const { fetchMock } = stubApi({
      '/wps/kyc': {
        ...NONE,
        state: 'rejected_final',
        canUpload: false,
        requirements: [{ action: 'play', above: null }],
        documents: [
          {
            id: '8',
            kind: 'identity',
            status: 'rejected_final',
            reason: 'Forged document',
            createdAt: '2026-12-01T00:00:00Z',
            reviewedAt: '2026-12-01T01:00:00Z',
          },
        ],
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<KycPage />);
    expect(
      await screen.findByText('Your verification is closed. Please contact customer service.'),
    ).toBeTruthy();
    expect(screen.getByText('Reason: Forged document')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });
});
