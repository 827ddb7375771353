import { describe, expect, it } from 'vitest';
import { launchUrls } from './launch.service.ts';

const values = { game: 'lotus-garden', token: 'tok-0123456789', language: 'EN', merchant: 'DEMO' };
const host = (url: string) => new URL(url).host;

describe('launchUrls: game_url and game_url2 (spec §3)', () => {
  it('gives the launch on a random CDN and the same launch on the next one', () => {
    const cdns = ['a.cdn.test', 'https://b.cdn.test/', 'c.cdn.test'];
    for (const [r, first, second] of [
      [0, 'a.cdn.test', 'b.cdn.test'],
      [0.5, 'b.cdn.test', 'c.cdn.test'],
      [0.99, 'c.cdn.test', 'a.cdn.test'],
    ] as const) {
      const { url, url2 } = launchUrls('{cdn}/play/{game}', values, cdns, () => r);
      expect(host(url ?? ''), String(r)).toBe(first);
      expect(host(url2), String(r)).toBe(second);
      expect(new URL(url2).searchParams.get('launch')).toBe('tok-0123456789');
      expect(new URL(url2).pathname).toBe('/play/lotus-garden');
    }
  });

  it('has no second address with one CDN, without {cdn}, or when the launch is unusable', () => {
    expect(launchUrls('{cdn}/play/{game}', values, ['a.cdn.test'], () => 0.7).url2).toBe('');
    const fixed = launchUrls('https://house.test/play/{game}', values, ['a.cdn.test', 'b.cdn.test']);
    expect(fixed.url).toMatch(/^https:\/\/house\.test\/play\/lotus-garden\?/);
    expect(fixed.url2).toBe('');
    expect(launchUrls('{cdn}/play/{game}', values, [])).toEqual({ url: null, url2: '' });
    expect(launchUrls('javascript:alert(1)//{cdn}', values, ['a.test', 'b.test'])).toEqual({
      url: null,
      url2: '',
    });
  });
});
