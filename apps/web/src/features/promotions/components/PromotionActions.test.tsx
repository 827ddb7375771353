import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { memberPromotion } from './member-promotion.fixture.ts';
import { PromotionActions } from './PromotionActions.tsx';

const target = {
  promotionId: '4',
  recordId: null,
  canApply: true,
  canClaim: false,
  canCancel: false,
  asksContact: false,
};

// The component waits for the error texts (their own chunk): loaded once up front.
beforeAll(() => loadErrorCatalogue(), 60_000);

function signedIn() {
  window.sessionStorage.setItem('token', 'tok');
  window.sessionStorage.setItem('isAgent', '0');
}

describe('<PromotionActions> applying with an activity remark', () => {
  it('sends the trimmed remark with the application, and counts up to 140', async () => {
    signedIn();
    const api = stubApi({ '/wps/promotions/4/apply': memberPromotion({ state: 'applying' }) });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<PromotionActions target={target} withRemark />);
    const box = (await screen.findByLabelText('Remark (optional)', undefined, {
      timeout: 5000,
    })) as HTMLTextAreaElement;
    expect(box.maxLength).toBe(140);
    fireEvent.change(box, { target: { value: '  Deposited by bank  ' } });
    expect(screen.getByText('21 / 140')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/wps/promotions/4/apply')).toBe(true));
    const sent = api.calls.find((c) => c.url === '/wps/promotions/4/apply');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ remark: 'Deposited by bank' });
  });

  it('applies without a remark from a card, and sends none when only blanks were typed', async () => {
    signedIn();
    const api = stubApi({ '/wps/promotions/4/apply': memberPromotion({ state: 'applying' }) });
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(<PromotionActions target={target} withRemark />);
    fireEvent.change(await screen.findByLabelText('Remark (optional)'), {
      target: { value: '   ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(JSON.parse(String(api.calls.at(-1)?.init?.body))).toEqual({});
  });
});
