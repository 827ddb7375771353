import { createMember, fundMember, reconcileLedger } from '@lotus/api/harness';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneUtcDay } from '../apps/api/test/days.ts';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { overflowingElements } from './overflow.ts';
import { closeDialog, db, dismissPopup, memberSignedIn, unique } from './pages.ts';

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
/** LOTT1: a draw every minute, closing 5 s before it. */
const FAST = 'LOTT1';
const FAST_NAME = 'Lotto 1 Minute';
const ALL_DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

type Envelope<T> = { success: boolean; value: T };

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${siteUrl()}${path}`, { headers: { merchant: 'DEMO', language: 'EN' } });
  const body = (await res.json()) as Envelope<T>;
  if (!body.success) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.value;
}

/** Waits until the game has a numero taking bets, closing at least `margin` ms from now (server time). */
async function openNumero(margin = 40_000, code = GAME): Promise<string> {
  const gameId = await gameIdOf(code);
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
  throw new Error(`no open numero of ${code} in time`);
}

async function gameIdOf(code: string): Promise<string> {
  const menu = await api<{ groups: { games: { gameId: string; code: string }[] }[] }>(
    '/lgw/vn/games/game_menu',
  );
  const gameId = menu.groups.flatMap((g) => g.games).find((g) => g.code === code)?.gameId;
  if (!gameId) throw new Error(`${code} is not in the demo menu`);
  return gameId;
}

/** "RM 1,234.50" / "-RM 0.20" -> minor units (MYR has two decimals), never through a float. */
const minorOf = (text: string) => {
  const digits = text.replace(/[^0-9.-]/g, '');
  const [whole = '0', fraction = ''] = digits.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return digits.startsWith('-') || text.trim().startsWith('-') ? -value : value;
};

/** Minor units as the site prints them: "98.00", "1,117.60". */
const major = (minor: bigint) => {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
};

async function noOverflow(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.spinner').length === 0, undefined, {
    timeout: 10_000,
  });
  const report = await page.evaluate(overflowingElements, []);
  expect(report.offenders).toEqual([]);
  expect(report.scrollWidth).toBeLessThanOrEqual(report.innerWidth);
}

/**
 * Picks `digits` (3 by default) for the first digit on the default play (digit position), unit
 * 2.00 x 1, and adds the slip: 2.00 per digit.
 */
async function addSlip(page: Page, digits: readonly string[] = ['3']): Promise<void> {
  const picker = page.getByTestId('lottery-picker');
  await picker.waitFor({ timeout: 15_000 });
  await page.getByTestId('lottery-play-pos-straight').click();
  const position = picker.getByRole('group', { name: 'Digit 1' });
  for (const digit of digits) await position.getByRole('button', { name: digit, exact: true }).click();
  const stake = `RM ${digits.length * 2}.00`;
  await expect
    .poll(() => page.getByTestId('lottery-slip-preview').innerText())
    .toContain(`${digits.length} combination(s), stake ${stake}`);
  await page.getByTestId('lottery-add').click();
  await expect.poll(() => page.getByTestId('lottery-slip-item').count()).toBe(1);
  expect(await page.getByTestId('lottery-slip-total').innerText()).toBe(stake);
}

describe('lottery: lobby, betting page and orders', () => {
  // The page lists the member's orders of the server's UTC day: a run across midnight runs again.
  it(
    'lets a funded member bet on a fast game: the order is listed and the balance drops',
    {
      timeout: 240_000,
    },
    oneUtcDay(async () => {
      const username = `lt${unique()}`;
      await db(async (d) => {
        await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
        await fundMember(d, { merchantCode: 'DEMO', username, amount: '100.00' });
      });
      const numero = await openNumero();
      const { context, page } = await newPage(browser);
      await memberSignedIn(page, username, 'Secret123');
      const balance = page.getByTestId('balance');
      await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toMatch(/100\.00/);

      await page.goto(`${siteUrl()}/lottery`);
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
    }),
  );

  // The order is followed on the list of the server's UTC day through its draw, up to a minute
  // later: a run across midnight runs again.
  it(
    'settles a bet on the 1-minute game: result, status, payout, balance, betting and account records agree',
    oneUtcDay(async () => {
      const username = `lw${unique()}`;
      const memberId = await db(async (d) => {
        const { id } = await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
        await fundMember(d, { merchantCode: 'DEMO', username, amount: '100.00' });
        return id;
      });
      const { context, page } = await newPage(browser);
      await memberSignedIn(page, username, 'Secret123');
      const balance = page.getByTestId('balance');
      await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toMatch(/100\.00/);

      // LOTT1 draws every minute and closes 5 s before. The slip is ready first and goes on the
      // first numero with 12 s left (the one open now, unless it is about to close), so the wait for
      // the draw is the rest of the current minute (the draw cycle runs every 5 seconds).
      await page.goto(`${siteUrl()}/lottery?gameCode=${FAST}`);
      await page.getByRole('heading', { name: FAST_NAME }).waitFor({ timeout: 15_000 });
      await addSlip(page, ALL_DIGITS);
      const numero = await openNumero(12_000, FAST);
      await expect
        .poll(() => page.getByTestId('lottery-current-numero').innerText(), { timeout: 10_000 })
        .toContain(numero);
      await page.getByTestId('lottery-place-bet').click();
      await page
        .getByTestId('lottery-slip')
        .getByRole('status')
        .filter({ hasText: `on draw ${numero}` })
        .waitFor({ timeout: 15_000 });
      const order = page.locator(`[data-testid="lottery-order"][data-numero="${numero}"]`);
      await order.waitFor({ timeout: 15_000 });
      expect(await order.getAttribute('data-status')).toBe('placed');

      // The page follows the draw by itself: the order turns won or lost, the result shows.
      await page.waitForFunction(
        (n) => {
          const status = document
            .querySelector(`[data-testid="lottery-order"][data-numero="${n}"]`)
            ?.getAttribute('data-status');
          return status === 'won' || status === 'lost';
        },
        numero,
        { timeout: 120_000, polling: 500 },
      );
      const settled = await db(async (d) => {
        const { rows } = await sql<{ status: string; amount: string; payout: string }>`
        select o.status, o.amount::text, o.payout::text from lottery_orders o
        join lottery_numeros n on n.id = o.numero_id
        where o.member_id = ${memberId} and n.numero = ${numero}`.execute(d);
        const { rows: wallet } = await sql<{ balance: string }>`
        select balance::text from ledger_accounts where member_id = ${memberId} and kind = 'member_main'`.execute(
          d,
        );
        return { orders: rows, balance: wallet[0]?.balance, report: await reconcileLedger(d) };
      });
      expect(settled.orders).toHaveLength(1);
      const [row] = settled.orders;
      const stake = BigInt(row?.amount ?? '0');
      const payout = BigInt(row?.payout ?? '0');
      // Every digit of the first position is covered: the order wins whatever comes, its payout
      // (one winning 2.00 combination at the game's odds) less than the 20.00 staked.
      expect(stake).toBe(2_000n);
      expect(row?.status).toBe('won');
      expect(payout).toBeGreaterThan(0n);
      expect(payout).toBeLessThan(stake);
      expect(await order.getAttribute('data-status')).toBe(row?.status);
      expect(await order.getByTestId('lottery-order-payout').innerText()).toBe(`RM ${major(payout)}`);
      const expected = 10_000n - stake + payout;
      expect(settled.balance).toBe(expected.toString());
      expect(settled.report.ok).toBe(true);
      await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toContain(major(expected));

      const results = await api<{ items: { numero: string; result: { balls?: string[] } | null }[] }>(
        `/lgw/lottery/results?gameId=${await gameIdOf(FAST)}&count=5`,
      );
      const balls = results.items.find((item) => item.numero === numero)?.result?.balls ?? [];
      expect(balls).toHaveLength(5);
      const shown = page.locator(`[data-testid="lottery-results"] [data-numero="${numero}"]`);
      await expect
        .poll(
          () =>
            shown
              .getByTestId('lottery-result-balls')
              .textContent()
              .then((text) => (text ?? '').replace(/\s+/g, ''))
              .catch(() => ''),
          { timeout: 30_000 },
        )
        .toBe(balls.join(''));

      // The order's detail: its slip with the payout, in a dialog.
      await order.getByTestId('lottery-order-details').click();
      const detail = page.getByRole('dialog', { name: 'Order details' });
      await detail.getByTestId('lottery-detail-slip').waitFor({ timeout: 15_000 });
      expect(await detail.getByTestId('lottery-detail-status').innerText()).toBe(
        payout > 0n ? 'Won' : 'Lost',
      );
      expect(await detail.getByTestId('lottery-detail-slip-payout').innerText()).toBe(`RM ${major(payout)}`);
      expect(await detail.getByTestId('lottery-detail-payout').innerText()).toBe(`RM ${major(payout)}`);
      await closeDialog(detail);

      // The trend view: per digit position, the ten digits with their counts and missing draws.
      await page.getByTestId('lottery-trends-tab').click();
      const trends = page.getByTestId('lottery-trends-table');
      await trends.waitFor({ timeout: 15_000 });
      expect(await trends.locator('tbody tr').count()).toBe(10);
      expect((await page.getByTestId('lottery-trends-hot').innerText()).trim()).not.toBe('');

      // The records on a 390 px phone: the account menu holds the member centre.
      await page.setViewportSize({ width: 390, height: 844 });
      await noOverflow(page);
      await page.getByTestId('account-menu').click();
      await page.getByTestId('account-menu-content').getByTestId('menu-member-centre').click();
      const centre = page.getByTestId('member-centre');
      await centre.getByTestId('member-menu-personalHistoryCopy').click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="betting-record"] .records-totals dd')?.textContent === '1',
        undefined,
        { timeout: 15_000 },
      );
      const [count, staked, paid, winLoss] = await centre
        .getByTestId('betting-record')
        .getByRole('definition')
        .allInnerTexts();
      expect(count).toBe('1');
      expect(minorOf(staked ?? '')).toBe(stake);
      expect(minorOf(paid ?? '')).toBe(payout);
      expect(minorOf(winLoss ?? '')).toBe(payout - stake);
      await centre.locator('.records-table__round').getByText(numero, { exact: true }).waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);

      await centre.getByTestId('member-menu-transactionHistory').click();
      const history = centre.getByTestId('transaction-history');
      for (const [type, amount] of [
        ['bet', -stake],
        ['win', payout],
      ] as const) {
        if (amount === 0n) continue;
        await history.locator('select').first().selectOption(type);
        // One row of the type: the stake out, the win in (the list changes once the filter applies).
        await expect
          .poll(
            async () =>
              (await history.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((text) =>
                minorOf(text).toString(),
              ),
            { timeout: 15_000 },
          )
          .toEqual([amount.toString()]);
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await context.close();
    }),
    480_000,
  );

  it('plans a doubling chase over 3 draws with its cost, places it, lists its steps and stops it', async () => {
    const username = `lc${unique()}`;
    await db(async (d) => {
      await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
      await fundMember(d, { merchantCode: 'DEMO', username, amount: '100.00' });
    });
    const { context, page } = await newPage(browser);
    await memberSignedIn(page, username, 'Secret123');
    const balance = page.getByTestId('balance');
    await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toMatch(/100\.00/);
    const numero = await openNumero(30_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${siteUrl()}/lottery?gameCode=${GAME}`);
    await expect
      .poll(() => page.getByTestId('lottery-current-numero').innerText(), { timeout: 15_000 })
      .toContain(numero);
    await addSlip(page);
    await page.getByTestId('lottery-chase-on').check();
    await page.getByTestId('lottery-chase-double').click();
    await page.getByTestId('lottery-chase-numeros').fill('3');
    // 2.00, 4.00 and 8.00: 14.00 leaves the wallet when the chase is placed.
    await expect.poll(() => page.getByTestId('lottery-chase-total').innerText()).toBe('RM 14.00');
    await noOverflow(page);
    await page.getByTestId('lottery-place-bet').click();
    await page
      .getByTestId('lottery-slip')
      .getByRole('status')
      .filter({ hasText: `Chase placed over 3 draws` })
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toMatch(/86\.00/);

    const chase = page.getByTestId('lottery-chase-item').first();
    await chase.getByTestId('lottery-chase-steps').waitFor({ timeout: 15_000 });
    expect(await chase.getAttribute('data-status')).toBe('active');
    expect(await chase.getByTestId('lottery-chase-item-total').innerText()).toBe('RM 14.00');
    expect(await chase.locator('tbody tr').count()).toBe(3);
    await noOverflow(page);
    await chase.getByTestId('lottery-chase-stop').click();
    await expect.poll(() => chase.getAttribute('data-status'), { timeout: 15_000 }).toBe('cancelled');
    // The first draw's order stays (2.00); the two draws not placed come back.
    await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toMatch(/98\.00/);
    await context.close();
  }, 120_000);

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

  it('shows the popular lotteries and latest results on the home page, outside the first load', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${siteUrl()}/index`);
    await page.waitForLoadState('networkidle');
    // The cold load fetches neither the lottery's home code nor its calls.
    expect(requested.filter((url) => /HomeLotteries|LotteryLobby|\/lgw\/lottery\//.test(url))).toEqual([]);
    await dismissPopup(page);
    const section = page.getByTestId('home-lotteries');
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 2_000);
          return section.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await section.locator('[data-testid="lottery-game-card"]').first().waitFor({ timeout: 15_000 });
    expect(await section.getByTestId('lottery-game-card').count()).toBeGreaterThan(0);
    await noOverflow(page);
    await section.getByRole('link', { name: 'All lotteries' }).click();
    await page.waitForURL(/\/lottery$/);
    await page.getByTestId('lottery-lobby').waitFor({ timeout: 15_000 });
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
