import { AxeBuilder } from '@axe-core/playwright';
import { createMember } from '@lotus/api/harness';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { db, financeOperator, operatorLogin, operatorPasswordStep, unique } from './pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function mainBalanceShows(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      (document.querySelector('[data-testid="balance-member_main"]')?.textContent ?? '').includes(expected),
    text,
    { timeout: 15_000 },
  );
}

async function adjust(page: Page, amount: string, reason: string): Promise<string> {
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel('Reason').fill(reason);
  await page.getByRole('button', { name: 'Submit adjustment' }).click();
  const status = page.getByRole('status');
  await status.waitFor();
  return status.innerText();
}

describe('back office', () => {
  it('an operator logs in with TOTP, finds a member, adjusts below the threshold and sees the balance; above it waits for a second operator', async () => {
    const member = `bo${unique()}`;
    await db((d) => createMember(d, { merchantCode: 'DEMO', username: member, password: 'Secret123' }));
    const first = await financeOperator();
    const second = await financeOperator();

    const a = await newPage(browser);
    await operatorLogin(a.page, first);
    await a.page.getByRole('link', { name: 'Members' }).click();
    await a.page.getByLabel('Username, mobile or ID').fill(member);
    await a.page.getByRole('button', { name: 'Search' }).click();
    await a.page.getByRole('link', { name: member }).click();
    await a.page.getByRole('heading', { name: `Member ${member}` }).waitFor();

    expect(await adjust(a.page, '250.50', 'Goodwill credit')).toContain('posted');
    await mainBalanceShows(a.page, '250.50');
    await a.page.getByRole('cell', { name: 'adjustment', exact: true }).first().waitFor();

    expect(await adjust(a.page, '1500', 'Large correction')).toContain('second operator');
    await a.page.reload();
    await mainBalanceShows(a.page, '250.50');

    const b = await newPage(browser);
    await operatorLogin(b.page, second);
    await b.page.getByRole('link', { name: 'Adjustments' }).click();
    const row = b.page.getByRole('row').filter({ hasText: member });
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });

    await a.page.reload();
    await mainBalanceShows(a.page, '1,750.50');
    await a.context.close();
    await b.context.close();
  });

  it('has no serious or critical accessibility violation on the login, members and member pages', async () => {
    const member = `ax${unique()}`;
    const { id } = await db((d) =>
      createMember(d, { merchantCode: 'DEMO', username: member, password: 'Secret123' }),
    );
    const operator = await financeOperator();
    const { context, page } = await newPage(browser);
    const check = async () => {
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
    };
    await page.goto(`${siteUrl()}/backoffice/`);
    await page.getByLabel('Username').waitFor();
    await check();
    await operatorLogin(page, operator);
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('table').waitFor();
    await check();
    await page.goto(`${siteUrl()}/backoffice/members/${id}`);
    await page.getByRole('heading', { name: `Member ${member}` }).waitFor();
    await check();
    await context.close();
  });

  it('refuses a wrong authenticator code', async () => {
    const operator = await financeOperator();
    const { context, page } = await newPage(browser);
    await operatorPasswordStep(page, operator);
    await page.getByLabel('Authenticator code').fill('000000');
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    expect(await page.getByRole('alert').innerText()).toMatch(/authenticator code/i);
    await context.close();
  });
});
