import { createMember, fundMember, setFundsPassword } from '@lotus/api/harness';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { db, financeOperator, memberSignedIn, operatorSignedIn, unique } from './pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openWithdrawalsPage(page: Page) {
  await page.getByTestId('logged-in-bar').getByRole('button', { name: 'Withdraw' }).click();
  const withdrawalsPage = page.getByTestId('withdraw-page');
  await withdrawalsPage.waitFor({ timeout: 15_000 });
  return withdrawalsPage;
}

describe('withdrawals in the browser', () => {
  it('a funded member withdraws, finance approves and pays it in the back office, the member confirms receipt', async () => {
    const username = `wd${unique()}`;
    await db(async (d) => {
      await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
      await setFundsPassword(d, { merchantCode: 'DEMO', username, fundsPassword: '135790' });
      await fundMember(d, { merchantCode: 'DEMO', username, amount: '1000.00' });
    });
    const member = await newPage(browser);
    await memberSignedIn(member.page, username, 'Secret123');

    // The member binds a bank card and withdraws 250.00 with the funds password.
    let withdrawalsPage = await openWithdrawalsPage(member.page);
    const cardForm = withdrawalsPage.getByTestId('add-card-form');
    await cardForm.getByLabel('Bank name').fill('Maybank');
    await cardForm.getByLabel('Account holder name').fill('E2E Member');
    await cardForm.getByLabel('Account number').fill(`55${Date.now().toString().slice(-10)}`);
    await cardForm.getByLabel('Login password').fill('Secret123');
    await cardForm.getByRole('button', { name: 'Add bank card' }).click();
    await withdrawalsPage.getByTestId('bank-cards').locator('li').first().waitFor();
    const form = withdrawalsPage.getByTestId('withdraw-form');
    await form.getByLabel('Amount').fill('250');
    await form.getByLabel('Funds password').fill('135790');
    await form.getByTestId('withdraw-submit').click();
    await withdrawalsPage.getByRole('status').filter({ hasText: 'Withdrawal requested' }).waitFor();
    const id = await db(async (d) => {
      const row = await d
        .selectFrom('withdrawals')
        .innerJoin('members', 'members.id', 'withdrawals.member_id')
        .select(['withdrawals.id', 'withdrawals.status'])
        .where('members.username', '=', username)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      return row.id;
    });
    await withdrawalsPage.getByTestId(`withdrawal-${id}`).waitFor();

    // Finance approves it and marks it paid from the back office's withdrawal queue.
    const operator = await newPage(browser);
    await operatorSignedIn(operator.page, await financeOperator());
    await operator.page.getByRole('link', { name: 'Withdrawals' }).click();
    const row = operator.page.getByTestId(`bo-withdrawal-${id}`);
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.getByRole('button', { name: 'Mark paid' }).waitFor();
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await operator.page
      .getByRole('status')
      .filter({ hasText: `Withdrawal ${id}: Paid` })
      .waitFor();
    await operator.context.close();

    // The member sees it paid and confirms receipt.
    await member.page.keyboard.press('Escape');
    withdrawalsPage = await openWithdrawalsPage(member.page);
    const item = withdrawalsPage.getByTestId(`withdrawal-${id}`);
    await item.getByTestId('confirm-received').click();
    await member.page.waitForSelector(`[data-testid="withdrawal-${id}"][data-status="received"]`, {
      timeout: 15_000,
    });
    const final = await db((d) =>
      d
        .selectFrom('withdrawals')
        .select(['status', 'confirmation'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    );
    expect(final).toEqual({ status: 'received', confirmation: 'received' });
    await expect(member.page.getByTestId('balance').innerText()).resolves.toContain('750.00');
    await member.context.close();
  });
});
