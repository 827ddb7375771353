import { describe, expect, it } from 'vitest';
import { cdnUrl } from './cdn.ts';

describe('cdnUrl', () => {
  it('keeps the path on the same origin when the brand lists no CDN', () => {
    expect(cdnUrl('/media/a.svg', [])).toBe('/media/a.svg');
  });

  it('picks one of the CDNs at random for a site path', () => {
    const cdns = ['https://img1.example/', 'https://img2.example'];
    expect(cdnUrl('/media/a.svg', cdns, () => 0)).toBe('https://img1.example/media/a.svg');
    expect(cdnUrl('/media/a.svg', cdns, () => 0.99)).toBe('https://img2.example/media/a.svg');
  });

  it('draws once per page load, so a component that renders again asks for the same image', () => {
    const cdns = ['https://img1.example', 'https://img2.example', 'https://img3.example'];
    const first = cdnUrl('/media/a.svg', cdns);
    expect(Array.from({ length: 20 }, () => cdnUrl('/media/a.svg', cdns))).toEqual(Array(20).fill(first));
  });

  it('leaves absolute and protocol-relative URLs alone', () => {
    expect(cdnUrl('https://x.example/a.png', ['https://img1.example'])).toBe('https://x.example/a.png');
    expect(cdnUrl('//x.example/a.png', ['https://img1.example'])).toBe('//x.example/a.png');
  });
});
