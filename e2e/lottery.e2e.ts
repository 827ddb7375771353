import { createMember, fundMember } from '@lotus/api/harness';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { overflowingElements } from './overflow.ts';
import { db, dismissPopup, memberLogsIn, unique } from './pages.ts';

/**
 * The lottery's member pages (issue 14): the lobby lists the demo brand's games by family with their
 * current numero; on a fast five-digit game a funded member picks a number, places the bet through
 * the API and sees the order and the balance drop; a visitor pressing bet gets the login popup; the
 * lobby and the betting page fit a 360 px phone. The demo games' numeros are created by the
 * scheduler's `lottery_create_numeros` (every minute), so the test waits for an open one with time
 * to bet before its close.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** LOTT5: a draw every 5 minutes, closing 15 s before it (lottery-seed.ts). */
const GAME = 'LOTT5';
const GAME_NAME = 'Lotto 5 Minutes';

type Envelope<T> = { success: boolean; value: T };

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${siteUrl()}${path}`, { headers: { merchant: 'DEMO', language: 'EN' } });
  const body = (await res.json()) as Envelope<T>;
  if (!body.success) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.value;
}

/** Waits until the game has a numero taking bets, closing at least `margin` ms from now (server time). */
async function openNumero(margin = 40_000): Promise<string> {
  const menu = await api<{ groups: { games: { gameId: string; code: string }[] }[] }>(
    '/lgw/vn/games/game_menu',
  );
  const gameId = menu.groups.flatMap((g) => g.games).find((g) => g.code === GAME)?.gameId;
  if (!gameId) throw new Error(`${GAME} is not in the demo menu`);
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const opened = await api<{
      serverTime: number;
      numeros: { numero: string; openAt: number; closeAt: number }[];
    }>(`/lgw/vn/numeros/opened/game?gameId=${gameId}&count=1`);
    // The first listed may be the next numero, open only once the previous one is drawn.
    const current = opened.numeros[0];
    if (current && current.openAt <= opened.serverTime && current.closeAt - opened.serverTime > margin)
      return current.numero;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error(`no open numero of ${GAME} in time`);
}

async function noOverflow(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.spinner').length === 0, undefined, {
    timeout: 10_000,
  });
  const report = await page.evaluate(overflowingElements, []);
  expect(report.offenders).toEqual([]);
  expect(report.scrollWidth).toBeLessThanOrEqual(report.innerWidth);
}

/** Picks 3 for the first digit on the default play (digit position), unit 2.00 x 1, and adds the slip. */
async function addSlip(page: Page): Promise<void> {
  const picker = page.getByTestId('lottery-picker');
  await picker.waitFor({ timeout: 15_000 });
  await page.getByTestId('lottery-play-pos-straight').click();
  await picker
    .getByRole('group', { name: 'Digit 1' })
    .getByRole('button', { name: '3', exact: true })
    .click();
  await expect
    .poll(() => page.getByTestId('lottery-slip-preview').innerText())
    .toMatch(/1 combination\(s\), stake RM 2\.00/);
  await page.getByTestId('lottery-add').click();
  await expect.poll(() => page.getByTestId('lottery-slip-item').count()).toBe(1);
  expect(await page.getByTestId('lottery-slip-total').innerText()).toBe('RM 2.00');
}

describe('lottery: lobby, betting page and orders', () => {
  it('lets a funded member bet on a fast game: the order is listed and the balance drops', async () => {
    const username = `lt${unique()}`;
    await db(async (d) => {
      await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
      await fundMember(d, { merchantCode: 'DEMO', username, amount: '100.00' });
    });
    const numero = await openNumero();
    const { context, page } = await newPage(browser);
    await memberLogsIn(page, username, 'Secret123');
    const balance = page.getByTestId('balance');
    await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toMatch(/100\.00/);

    await page.goto(`${siteUrl()}/lottery`);
    await dismissPopup(page, { timeout: 3_000 });
    const lobby = page.getByTestId('lottery-lobby');
    await lobby.waitFor({ timeout: 15_000 });
    for (const section of ['Fast lotteries', 'Vietnamese lotteries', 'SEA 4D']) {
      await lobby.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    const card = page.locator(`[data-testid="lottery-game-card"][data-game="${GAME}"]`);
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toMatch(/Closes in \d\d:\d\d/);
    await card.getByRole('link').click();
    await page.waitForURL(/\/lottery\?gameCode=LOTT5$/);
    await page.getByRole('heading', { name: GAME_NAME }).waitFor();
    await expect
      .poll(() => page.getByTestId('lottery-current-numero').innerText(), { timeout: 15_000 })
      .toContain(numero);
    expect(await page.getByTestId('lottery-odds').innerText()).toMatch(/Odds\s+9\.8×/);

    await addSlip(page);
    await page.getByTestId('lottery-place-bet').click();
    await page
      .getByTestId('lottery-slip')
      .getByRole('status')
      .filter({ hasText: `on draw ${numero}` })
      .waitFor({ timeout: 15_000 });

    const order = page.getByTestId('lottery-order').first();
    await order.waitFor({ timeout: 15_000 });
    expect(await order.innerText()).toContain(numero);
    expect(await order.getByTestId('lottery-order-amount').innerText()).toBe('RM 2.00');
    expect(await order.getAttribute('data-status')).toBe('placed');
    await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toMatch(/98\.00/);

    // The same pages on a 360 px phone, the order listed: nothing reaches past the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    await noOverflow(page);
    await page.goto(`${siteUrl()}/lottery`);
    await page.getByTestId('lottery-lobby').waitFor({ timeout: 15_000 });
    await noOverflow(page);
    await context.close();
  });

  it('opens the login popup when a visitor presses bet, and fits 360 px', async () => {
    await openNumero(5_000);
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${siteUrl()}/lottery?gameCode=${GAME}`);
    await dismissPopup(page);
    await page.getByRole('heading', { name: GAME_NAME }).waitFor({ timeout: 15_000 });
    await addSlip(page);
    await noOverflow(page);
    await page.getByTestId('lottery-place-bet').click();
    await page.getByTestId('login-modal').waitFor();
    expect(new URL(page.url()).pathname).toBe('/lottery');
    await context.close();
  });

  it('lists the Vietnamese and SEA games with their play types and odds', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${siteUrl()}/vnlottery`);
    await dismissPopup(page);
    const lobby = page.getByTestId('lottery-lobby');
    await lobby.waitFor({ timeout: 15_000 });
    expect(await lobby.getByTestId('lottery-game-card').count()).toBe(4);
    await noOverflow(page);
    await page.goto(`${siteUrl()}/seaLottery`);
    await page.getByTestId('lottery-lobby').waitFor({ timeout: 15_000 });
    const sea = page.locator('[data-testid="lottery-game-card"][data-game="SEA4D"]');
    await sea.getByRole('link').click();
    await page.waitForURL(/\/lottery\?gameCode=SEA4D$/);
    await page.getByRole('heading', { level: 1, name: 'SEA 4D' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('lottery-play-4d-big-straight').waitFor();
    expect(await page.getByTestId('lottery-odds').innerText()).toMatch(/1st 2500×/);
    await noOverflow(page);
    await context.close();
  });
});
