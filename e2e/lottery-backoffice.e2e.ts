import { randomBytes, randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { createMember, fundMember } from '@lotus/api/harness';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { overflowingElements } from './overflow.ts';
import { db, demoOperator, financeOperator, memberSignedIn, operatorSignedIn, unique } from './pages.ts';

/**
 * The lottery's back-office screens (issue 14): an admin changes an odd and sees it; finance enters
 * the official result of a Vietnam North numero, is refused the approval of its own entry, and a
 * second operator approves it (the numero is drawn); a numero with a member's order is cancelled
 * with a reason and the order shows refunded. The demo's VNNORTH numeros draw at 18:15 Vietnam time,
 * so the test owns numeros of its own outside the schedule (like the API's tests: apps/api/test/lottery.ts).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The widths of the 27 northern prizes in table order (special, 1st, 2 x 2nd, 6 x 3rd, 4 x 4th, 6 x 5th, 3 x 6th, 4 x 7th). */
const NORTH_WIDTHS = [...Array(10).fill(5), ...Array(10).fill(4), 3, 3, 3, 2, 2, 2, 2] as number[];

/** A numero of VNNORTH outside its schedule: open (closing in 10 minutes) or closed an hour ago. */
async function vnNorthNumero(
  state: 'open' | 'closed',
): Promise<{ id: string; numero: string; gameId: string; drawDay: string }> {
  const numero = `E2E${Date.now().toString(36)}${randomBytes(2).toString('hex')}`.toUpperCase();
  const now = Date.now();
  return db(async (d) => {
    const game = await d
      .selectFrom('lottery_games as g')
      .innerJoin('brands as b', 'b.id', 'g.brand_id')
      .select(['g.id', 'g.brand_id'])
      .where('b.merchant_code', '=', 'DEMO')
      .where('g.code', '=', 'VNNORTH')
      .executeTakeFirstOrThrow();
    const closeAt = new Date(state === 'open' ? now + 600_000 : now - 3_600_000);
    const row = await d
      .insertInto('lottery_numeros')
      .values({
        brand_id: game.brand_id,
        game_id: game.id,
        numero,
        open_at: new Date(closeAt.getTime() - 7_200_000),
        close_at: closeAt,
        draw_at: closeAt,
        seed: null,
        seed_hash: null,
        status: state,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The back office filters numeros by the UTC day of their draw, which is tomorrow's for a numero
    // made in the last minutes before midnight.
    return { id: row.id, numero, gameId: game.id, drawDay: closeAt.toISOString().slice(0, 10) };
  });
}

/** No serious or critical accessibility violation, and nothing wider than a 390 px phone. */
async function accessibleAndFits(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  const report = await page.evaluate(overflowingElements, ['.content']);
  expect(report.offenders).toEqual([]);
  expect(report.scrollWidth).toBeLessThanOrEqual(report.innerWidth);
  if (size) await page.setViewportSize(size);
}

/** A logged-in member's bet through the site's own call (the token the site keeps), as the betting page sends it. */
async function placeBet(page: Page, gameId: string, numero: string): Promise<string> {
  return page.evaluate(
    async ({ gameId, numero, requestId }) => {
      const response = await fetch('/lgw/orders/betting', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: sessionStorage.getItem('token') ?? '',
          Merchant: 'DEMO',
          Language: 'EN',
        },
        body: JSON.stringify({
          gameId,
          currentNumero: numero,
          // "de": the last two digits of the special prize, 12, unit 2.00 x 1.
          bettingSlipString: '12~1~302~1~1950~1',
          betCartAmountSum: '2.00',
          prizeModeId: 'LOTT',
          winningStop: false,
          abandoning: false,
          device: 'web',
          requestId,
        }),
      });
      const body = (await response.json()) as {
        success: boolean;
        errorCode: string;
        value: { order: { orderNumber: string } };
      };
      if (!body.success) throw new Error(`bet refused: ${body.errorCode}`);
      return body.value.order.orderNumber;
    },
    { gameId, numero, requestId: randomUUID() },
  );
}

describe('lottery back office', () => {
  it('lets an admin change an odd and see it, then put it back to the default', async () => {
    const { context, page } = await newPage(browser);
    await operatorSignedIn(page, await demoOperator('admin'));
    await page.getByRole('link', { name: 'Lottery odds' }).click();
    await page.getByRole('heading', { name: 'Lottery odds' }).waitFor();
    await page.getByLabel('Family').selectOption('dice');
    const row = page.locator('[data-testid^="bo-lottery-odds-2"]').first();
    await row.waitFor({ timeout: 15_000 });
    const before = await row.locator('td').nth(2).innerText();
    expect(before).not.toContain('changed');
    await row.getByRole('textbox').fill('1.23');
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Odds saved.' }).waitFor();
    await expect.poll(() => row.locator('td').nth(2).innerText()).toBe('1.23× (changed)');
    // Another page load reads it back from the server.
    await page.reload();
    await page.getByLabel('Family').selectOption('dice');
    const again = page.locator('[data-testid^="bo-lottery-odds-2"]').first();
    await expect
      .poll(() => again.locator('td').nth(2).innerText(), { timeout: 15_000 })
      .toBe('1.23× (changed)');
    await again.getByRole('button', { name: 'Back to default' }).click();
    await expect.poll(() => again.locator('td').nth(2).innerText()).toBe(before);
    await accessibleAndFits(page);
    await context.close();
  });

  it('has finance enter an official VN result that only a second operator may approve', async () => {
    const numero = await vnNorthNumero('closed');
    const first = await financeOperator();
    const second = await financeOperator();

    const a = await newPage(browser);
    await operatorSignedIn(a.page, first);
    await a.page.getByRole('link', { name: 'Lottery results' }).click();
    const waiting = a.page.getByTestId(`bo-lottery-awaiting-VNNORTH-${numero.numero}`);
    await waiting.waitFor({ timeout: 15_000 });
    await waiting.getByRole('button', { name: 'Enter the result' }).click();
    const form = a.page.getByTestId('bo-lottery-result-form');
    const fields = form.getByRole('textbox');
    expect(await fields.count()).toBe(27);
    // A prize of the wrong width is refused before anything is sent.
    await fields.nth(0).fill('123');
    await form.getByRole('button', { name: 'Submit for approval' }).click();
    await form.getByRole('alert').filter({ hasText: 'Special prize: enter exactly 5 digits.' }).waitFor();
    for (const [i, width] of NORTH_WIDTHS.entries()) {
      await fields.nth(i).fill(i === 0 ? '12345' : String(10_000_000 + i * 7).slice(-width));
    }
    await accessibleAndFits(a.page);
    await form.getByRole('button', { name: 'Submit for approval' }).click();
    await a.page
      .getByRole('status')
      .filter({ hasText: `Result of ${numero.numero} entered: another operator must approve it.` })
      .first()
      .waitFor({ timeout: 15_000 });
    const pending = a.page.getByTestId(`bo-lottery-pending-numero-VNNORTH-${numero.numero}`);
    await pending.waitFor({ timeout: 15_000 });
    await pending.getByRole('button', { name: 'Approve' }).click();
    await a.page
      .getByRole('alert')
      .filter({ hasText: 'A result must be approved by another operator than the one who entered it.' })
      .waitFor({ timeout: 15_000 });

    const b = await newPage(browser);
    await operatorSignedIn(b.page, second);
    await b.page.getByRole('link', { name: 'Lottery results' }).click();
    const queued = b.page.getByTestId(`bo-lottery-pending-numero-VNNORTH-${numero.numero}`);
    await queued.waitFor({ timeout: 15_000 });
    expect(await queued.innerText()).toContain('12345');
    await accessibleAndFits(b.page);
    await queued.getByRole('button', { name: 'Approve' }).click();
    await b.page
      .getByRole('status')
      .filter({ hasText: `Result of ${numero.numero} approved` })
      .waitFor({ timeout: 15_000 });
    await queued.waitFor({ state: 'detached', timeout: 15_000 });
    await b.page.goto(`${siteUrl()}/backoffice/lottery-numeros/${numero.id}`);
    await expect
      .poll(() => b.page.getByTestId('bo-lottery-numero-status').innerText(), { timeout: 15_000 })
      .toMatch(/Drawn|Settled/);
    expect(await b.page.getByTestId('bo-lottery-result').innerText()).toContain('12345');
    await a.context.close();
    await b.context.close();
  });

  it('cancels a numero with a reason after a confirmation: its orders show refunded', {
    timeout: 120_000,
  }, async () => {
    const numero = await vnNorthNumero('open');
    const username = `lb${unique()}`;
    await db(async (d) => {
      await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
      await fundMember(d, { merchantCode: 'DEMO', username, amount: '50.00' });
    });
    const member = await newPage(browser);
    await memberSignedIn(member.page, username, 'Secret123');
    const orderNumber = await placeBet(member.page, numero.gameId, numero.numero);
    await member.context.close();

    const { context, page } = await newPage(browser);
    await operatorSignedIn(page, await financeOperator());
    await page.getByRole('link', { name: 'Lottery numeros' }).click();
    await page.getByLabel('Game').selectOption({ label: 'VNNORTH · Vietnam North' });
    await page.getByLabel('Status').selectOption('open');
    // The day of its draw (UTC) keeps it on the first page among the scheduled ones.
    await page.getByLabel('First day (UTC)').fill(numero.drawDay);
    await page.getByLabel('Last day (UTC)').fill(numero.drawDay);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: numero.numero }).click();
    await page.getByRole('heading', { name: `VNNORTH numero ${numero.numero}` }).waitFor();
    const order = page.getByTestId(`bo-lottery-order-${orderNumber}`);
    await order.waitFor({ timeout: 15_000 });
    expect(await order.getAttribute('data-status')).toBe('placed');
    expect(await order.innerText()).toContain(username);
    expect(await page.getByTestId('bo-lottery-exposure-row').first().innerText()).toContain('12');

    await page.getByRole('button', { name: 'Cancel this numero' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Official feed unavailable');
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Numero ${numero.numero} cancelled: 1 order(s) refunded.` })
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => order.getAttribute('data-status'), { timeout: 15_000 }).toBe('refunded');
    expect(await order.innerText()).toContain('Refunded');
    // The numero, its orders and its exposure are refetched in parallel after the cancellation:
    // the orders may answer first (seen once under load), so the numero's status is awaited too.
    await expect
      .poll(() => page.getByTestId('bo-lottery-numero-status').innerText(), { timeout: 15_000 })
      .toBe('Cancelled');
    await accessibleAndFits(page);
    await context.close();
  });
});
