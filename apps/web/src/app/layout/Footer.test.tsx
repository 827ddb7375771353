import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { renderApp, stubApi } from '../../testing/render.tsx';
import { Footer } from './Footer.tsx';

const BRAND_LINE = 'Copyright © Lotus Demo. All rights reserved. 18+ Play responsibly.';

function show() {
  vi.stubGlobal(
    'fetch',
    stubApi({
      '/wps/system/whitelabel': {
        brandName: 'Lotus Demo',
        logoUrl: '',
        footerLinks: [],
        helpMenu: [],
        copyright: BRAND_LINE,
      },
    }).fetchMock,
  );
  renderApp(<Footer />);
}

describe('<Footer> copyright line', () => {
  it("shows the brand's own line in English", async () => {
    show();
    expect(await screen.findByText(BRAND_LINE)).toBeTruthy();
  });

  it('translates the line in Malay and Chinese instead of keeping the English one', async () => {
    await act(() => i18n.changeLanguage('MS'));
    show();
    expect(await screen.findByText(/Lotus Demo\. Hak cipta terpelihara\./)).toBeTruthy();
    expect(screen.queryByText(BRAND_LINE)).toBeNull();
    await act(() => i18n.changeLanguage('CN'));
    expect(await screen.findByText(/Lotus Demo 版权所有/)).toBeTruthy();
  });
});
