import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { db, financeOperator, memberOnDepositPage, operatorSignedIn } from './pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A 1×1 PNG: what the member attaches as the transfer receipt. */
const RECEIPT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function balanceShows(page: Page, text: string): Promise<void> {
  await page.getByTestId('balance-refresh').click();
  await page.waitForFunction(
    (expected) => (document.querySelector('[data-testid="balance"]')?.textContent ?? '').includes(expected),
    text,
    { timeout: 15_000 },
  );
}

describe('deposits in the browser', () => {
  it('a member deposits by bank transfer with a receipt, finance approves it, the header balance shows it', async () => {
    const { page, username, close } = await memberOnDepositPage(browser);
    const form = page.getByTestId('deposit-form');
    await form.getByTestId('deposit-method-bank_transfer').check();
    await expect(page.getByTestId('deposit-accounts').innerText()).resolves.toContain('514012345678');
    await form.getByTestId('deposit-amount').fill('123.45');
    await form.getByTestId('deposit-reference').fill('MBB-778899');
    await form.getByTestId('deposit-receipt').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: RECEIPT,
    });
    await form.getByTestId('deposit-submit').click();
    await page.getByRole('status').filter({ hasText: 'waiting for confirmation' }).waitFor();
    const row = page.getByTestId('deposits').locator('li').first();
    await expect(row.innerText()).resolves.toContain('Pending');

    // Finance logs into the back office (password, then authenticator code), opens the deposit
    // queue, looks at the receipt and approves the deposit.
    const id = await db(async (d) => {
      const found = await d
        .selectFrom('deposits')
        .innerJoin('members', 'members.id', 'deposits.member_id')
        .select(['deposits.id', 'deposits.status'])
        .where('members.username', '=', username)
        .executeTakeFirstOrThrow();
      expect(found.status).toBe('pending');
      return found.id;
    });
    const back = await newPage(browser);
    await operatorSignedIn(back.page, await financeOperator());
    await back.page.getByRole('link', { name: 'Deposits' }).click();
    const queued = back.page.getByTestId(`bo-deposit-${id}`);
    await queued.waitFor({ timeout: 30_000 });
    expect(await queued.innerText()).toContain('123.45');
    await queued.getByRole('button', { name: 'Show receipt' }).click();
    const image = back.page.getByTestId(`bo-deposit-receipt-${id}`);
    await image.waitFor();
    await back.page.waitForFunction(
      (testId) =>
        (document.querySelector(`[data-testid="${testId}"]`) as HTMLImageElement | null)?.naturalWidth === 1,
      `bo-deposit-receipt-${id}`,
    );
    await queued.getByRole('button', { name: 'Approve' }).click();
    await back.page
      .getByRole('status')
      .filter({ hasText: `Deposit ${id}: Approved` })
      .waitFor();
    await back.context.close();

    // The member's header balance shows the credit after a refresh.
    await page.keyboard.press('Escape');
    await balanceShows(page, '123.45');
    await close();
  });

  it('a member pays through the demo gateway: redirected to its page, Pay, back on the site with the balance', async () => {
    const { page, close } = await memberOnDepositPage(browser);
    const form = page.getByTestId('deposit-form');
    await form.getByTestId('deposit-method-gateway').check();
    await form.getByTestId('deposit-amount').fill('88.80');
    await form.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/wps\/deposits\/demo-gateway\/DP[0-9A-F]{20}$/, { timeout: 15_000 });
    expect(await page.getByTestId('demo-amount').innerText()).toBe('88.80 MYR');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByTestId('logged-in-bar').waitFor({ timeout: 30_000 });
    await balanceShows(page, '88.80');
    await close();
  });
});
