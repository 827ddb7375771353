import { afterEach, describe, expect, it, vi } from 'vitest';
import * as bootCalls from './boot-calls.ts';

/** Starts the calls afresh (each start replaces the last) with `fetch` answering `systemStatus`. */
async function boot(systemStatus: number, path = '/index') {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = '<meta name="merchant" content="DEMO">';
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    const value = url.startsWith('/wps/system/status')
      ? { systemStatus, info: { imageCDNs: [] } }
      : url.startsWith('/wps/system/notice')
        ? { banners: [{ imageUrl: '/media/banners/a.svg' }] }
        : [];
    return Response.json({ success: true, value, message: '', errorCode: '' });
  });
  bootCalls.startBootCalls();
  return { module: bootCalls, urls };
}

afterEach(() => {
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the first calls of boot.ts', () => {
  it('asks for the status, then the menus and the home notices of an open brand, and preloads the first banner', async () => {
    const { module, urls } = await boot(0);
    expect((await module.takeBootAnswer('status'))?.systemStatus).toBe(0);
    expect(await module.takeBootAnswer('notices')).toEqual({
      banners: [{ imageUrl: '/media/banners/a.svg' }],
    });
    expect(await module.takeBootAnswer('gameMenus')).toEqual([]);
    expect(urls.map((u) => u.split('?')[0])).toEqual([
      '/wps/system/status',
      '/wps/system/notice',
      '/lgw/games/game_menus',
    ]);
    await vi.waitFor(() =>
      expect(document.head.querySelector('link[rel="preload"]')?.getAttribute('href')).toBe(
        '/media/banners/a.svg',
      ),
    );
  });

  it('gives each answer once: later fetches of the app go to the platform', async () => {
    const { module } = await boot(0);
    expect(await module.takeBootAnswer('status')).not.toBeNull();
    expect(await module.takeBootAnswer('status')).toBeNull();
  });

  it('asks only for the status while the brand is in maintenance, and nothing for the home page elsewhere', async () => {
    const closed = await boot(1);
    expect(await closed.module.takeBootAnswer('notices')).toBeNull();
    expect(closed.urls).toEqual(['/wps/system/status']);
    const other = await boot(0, '/live');
    await other.module.takeBootAnswer('gameMenus');
    expect(other.urls.map((u) => u.split('?')[0])).toEqual(['/wps/system/status', '/lgw/games/game_menus']);
  });
});
