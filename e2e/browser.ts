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

export async function newPage(
  browser: Browser,
  options: { forwardedFor?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    extraHTTPHeaders: options.forwardedFor ? { 'X-Forwarded-For': options.forwardedFor } : {},
    viewport: { width: 1366, height: 900 },
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  return { context, page };
}
