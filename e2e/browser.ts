import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium; the flags keep it off the (closed) network and quiet at start. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

/** The base URL of the running platform for a brand host (`localhost` is the seeded demo brand). */
export function siteUrl(host = 'localhost'): string {
  return `http://${host}:${inject('port')}`;
}

/**
 * A fresh browser session (its own cookies and sessionStorage) at a laptop's size. With `popups`
 * 'close' (the default) the site's announcement popup is closed whenever it stands in the way of an
 * action, as a member would close it: it opens once per session after its list arrives, which on a
 * loaded machine can be seconds after the page looks ready, and then covers the next click. Tests
 * of the popup itself (and the layout guard, which measures it) pass 'keep'.
 */
export async function newPage(
  browser: Browser,
  options: { forwardedFor?: string; popups?: 'close' | 'keep' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    extraHTTPHeaders: options.forwardedFor ? { 'X-Forwarded-For': options.forwardedFor } : {},
    viewport: { width: 1366, height: 900 },
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  if (options.popups !== 'keep') {
    await page.addLocatorHandler(page.getByTestId('announcement-popup'), async (popup) => {
      await popup
        .getByRole('button', { name: /close|tutup|关闭/i })
        .first()
        .click()
        // The scenario may end (its context closed) while the handler still waits for the button:
        // nothing is left to close then, and nobody awaits the handler to hear about it.
        .catch((error: unknown) => {
          if (!String(error).includes('has been closed')) throw error;
        });
    });
  }
  return { context, page };
}
