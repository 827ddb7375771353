import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderApp, stubApi } from '../../../testing/render.tsx';
import { BannerCarousel } from './BannerCarousel.tsx';

const banners = [
  {
    id: '1',
    imageUrl: '/media/banners/first-deposit.svg',
    link: '/promotions',
    title: 'Bonus Deposit Pertama 100%',
  },
  { id: '2', imageUrl: '/media/banners/live-casino.svg', link: '/live', title: 'Kasino Langsung' },
];

describe('<BannerCarousel>', () => {
  it('shows the offer as text over the art with a call to action that leads to the promotions', async () => {
    vi.stubGlobal('fetch', stubApi({}).fetchMock);
    await act(() => i18n.changeLanguage('MS'));
    renderApp(<BannerCarousel banners={banners} fallback={null} />);
    expect(screen.getByTestId('banner-title').textContent).toBe('Bonus Deposit Pertama 100%');
    const cta = screen.getByTestId('banner-cta');
    expect(cta.getAttribute('href')).toBe('/promotions');
    expect(cta.textContent).toBe('Tuntut tawaran');
    // The art is decoration: the offer is read from the text, not from an image's alt.
    expect(document.querySelector('.banner__image')?.getAttribute('alt')).toBe('');
  });
});
