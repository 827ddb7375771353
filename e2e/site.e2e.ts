import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_BRANDS, MALAYSIAN_IP } from './brands.ts';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { dismissPopup } from './pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A locator's text once it has stopped changing (the same for three reads 100 ms apart). */
async function settledText(page: Page, locator: Locator): Promise<string> {
  let last = await locator.innerText();
  for (let same = 0, i = 0; same < 3 && i < 100; i += 1) {
    await page.waitForTimeout(100);
    const now = await locator.innerText();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return last;
}

async function chooseLanguage(page: Page, name: RegExp): Promise<void> {
  await page.getByTestId('language-picker').click();
  await page.getByRole('menuitemradio', { name }).click();
}

describe('the site a visitor opens', () => {
  it('redirects / to /index and shows the home page with header, navigation and footer', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(siteUrl());
    await page.waitForURL(/\/index$/);
    await dismissPopup(page);
    await page.getByTestId('bottom-nav').waitFor();
    await page.getByTestId('footer').waitFor();
    await page.getByTestId('footer').getByRole('link', { name: 'Privacy Policy' }).waitFor();
    expect(await page.getByTestId('footer').getByRole('link').count()).toBeGreaterThanOrEqual(7);
    await context.close();
  });

  it('switches to MS and CN, and the choice survives a reload', async () => {
    const { context, page } = await newPage(browser);
    const menus = page.waitForResponse((r) => r.url().includes('/lgw/games/game_menus'));
    await page.goto(`${siteUrl()}/index`);
    await menus;
    await dismissPopup(page);
    const footer = page.getByTestId('footer');
    const english = await settledText(page, footer);
    const malayMenus = page.waitForResponse((r) => r.url().includes('/lgw/games/game_menus'));
    await chooseLanguage(page, /Bahasa Melayu/);
    await page.waitForFunction(() => document.documentElement.lang === 'ms');
    // The footer lists the lottery's games by their names in the language: asked again in it.
    await malayMenus;
    const malay = await settledText(page, footer);
    expect(malay).not.toBe(english);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('MS');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'ms');
    expect(await page.getByTestId('footer').innerText()).toBe(malay);

    await dismissPopup(page);
    const chineseMenus = page.waitForResponse((r) => r.url().includes('/lgw/games/game_menus'));
    await chooseLanguage(page, /简体中文/);
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await chineseMenus;
    const chinese = await settledText(page, page.getByTestId('footer'));
    expect(chinese).toMatch(/[\u4e00-\u9fff]/);
    expect(await page.evaluate(() => localStorage.getItem('hisLang'))).toBe('MS');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    expect(await page.getByTestId('footer').innerText()).toBe(chinese);
    await context.close();
  });

  it('toggles the theme and remembers it across a reload', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${siteUrl()}/index`);
    await dismissPopup(page);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const before = await theme();
    expect(['dark', 'light']).toContain(before);
    await page.getByTestId('theme-toggle').click();
    const after = await theme();
    expect(after).not.toBe(before);
    await page.reload();
    expect(await theme()).toBe(after);
    await context.close();
  });

  it('shows the announcement popup once per session', async () => {
    const { context, page } = await newPage(browser, { popups: 'keep' });
    await page.goto(`${siteUrl()}/index`);
    const popup = page.getByTestId('announcement-popup');
    await popup.waitFor({ state: 'visible' });
    await popup.getByRole('button', { name: /close/i }).first().click();
    await popup.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('bottom-nav').waitFor();
    await page.waitForTimeout(1_000);
    expect(await popup.isVisible()).toBe(false);
    await context.close();

    // A new browser session (fresh sessionStorage) sees it again.
    const second = await newPage(browser, { popups: 'keep' });
    await second.page.goto(`${siteUrl()}/index`);
    await second.page.getByTestId('announcement-popup').waitFor({ state: 'visible' });
    await second.context.close();
  });

  it('replaces the site with the maintenance page and its end time in status 1', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${siteUrl(E2E_BRANDS.maintenance.domain)}/index`);
    await page.getByTestId('maintenance-page').waitFor();
    const endTime = await page.getByTestId('maintenance-end-time').innerText();
    expect(endTime).toContain(E2E_BRANDS.maintenance.endDate);
    expect(await page.getByTestId('bottom-nav').count()).toBe(0);
    await context.close();
  });

  it('shows the region page with the visitor IP and country when the country is blocked', async () => {
    const { context, page } = await newPage(browser, { forwardedFor: MALAYSIAN_IP });
    await page.goto(`${siteUrl(E2E_BRANDS.region.domain)}/index`);
    await page.getByTestId('region-page').waitFor();
    expect(await page.getByTestId('region-ip').innerText()).toContain(MALAYSIAN_IP);
    expect(await page.getByTestId('region-country').innerText()).toContain('MY');
    await context.close();
  });

  it('sends a visitor to /login when the brand requires login first, but lets /helpmc through', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${siteUrl(E2E_BRANDS.guarded.domain)}/promotions`);
    await page.waitForURL(/\/login$/);
    await page.getByTestId('login-page').waitFor();
    await page.goto(`${siteUrl(E2E_BRANDS.guarded.domain)}/helpmc`);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/helpmc');
    await context.close();
  });

  /** axe's serious and critical violations of the page as it is now, one line each. */
  async function seriousViolations(page: Page): Promise<string[]> {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }

  it('has no serious or critical accessibility violation on the home page, nor on /live in either theme', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${siteUrl()}/index`);
    await dismissPopup(page);
    await page.getByTestId('footer').waitFor();
    const found = (await seriousViolations(page)).map((line) => `/index: ${line}`);
    // /live: the tables' phase labels and the min-bet chip on their cards (issue 24), dark and light.
    await page.goto(`${siteUrl()}/live`);
    await page.getByTestId('live-status').first().waitFor({ timeout: 30_000 });
    for (const theme of ['first', 'second']) {
      const name = await page.evaluate(() => document.documentElement.dataset.theme);
      found.push(...(await seriousViolations(page)).map((line) => `/live ${name} (${theme}): ${line}`));
      await page.getByTestId('theme-toggle').click();
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it("keeps the home carousel's controls off the banner's button on a phone", async () => {
    const { context, page } = await newPage(browser);
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 780 });
      await page.goto(`${siteUrl()}/index`);
      await dismissPopup(page);
      const cta = page.getByTestId('banner-cta');
      await cta.waitFor();
      const controls = page.locator('.banner__controls');
      await controls.waitFor();
      // Every slide: its button and the controls never share a pixel.
      for (let slide = 0; slide < 3; slide += 1) {
        const a = await cta.boundingBox();
        const b = await controls.boundingBox();
        if (!a || !b) throw new Error(`no box at ${width} px`);
        const apart =
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(
          apart,
          `${width} px, slide ${slide + 1}: button ${JSON.stringify(a)} controls ${JSON.stringify(b)}`,
        ).toBe(true);
        await page.getByRole('button', { name: 'Next banner' }).click();
      }
    }
    await context.close();
  });
});
