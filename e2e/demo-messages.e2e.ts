import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { demoOperator, loggedIn, openHome, operatorSignedIn } from './pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the demo\'s "messages sent" page', () => {
  it('a visitor registers by mobile with the SMS code customer service reads in the back office', async () => {
    const visitor = await newPage(browser);
    await openHome(visitor.page);
    const national = `13${String(Date.now()).slice(-7)}`;
    await visitor.page.goto(`${siteUrl()}/register`);
    const modal = visitor.page.getByTestId('register-modal');
    await modal.waitFor();
    await modal.getByRole('tab', { name: 'Mobile register' }).click();
    await modal.getByLabel('Mobile number').fill(national);
    await modal.getByTestId('sms-send').click();

    // Customer service of the demo brand opens "Messages sent (demo)" from the menu.
    const operator = await newPage(browser);
    await operatorSignedIn(operator.page, await demoOperator('cs'));
    await operator.page.getByRole('link', { name: 'Messages sent (demo)' }).click();
    const demoPage = operator.page.getByRole('region', { name: 'Messages sent (demo)' });
    await demoPage.waitFor();
    const row = demoPage.getByRole('row').filter({ hasText: `+60${national}` });
    await row.waitFor({ timeout: 15_000 });
    const text = await row.innerText();
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code, text).toMatch(/^\d{6}$/);
    // The masked outbox of the same back office never shows it.
    await operator.page.getByRole('link', { name: 'SMS and e-mail' }).click();
    // (the rows of the outboxes' own page, once the demo page has left)
    await demoPage.waitFor({ state: 'detached' });
    const outboxes = operator.page.getByRole('region', { name: 'SMS and e-mail outboxes' });
    const masked = outboxes.getByRole('row').filter({ hasText: `+60${national}` });
    await masked.waitFor({ timeout: 15_000 });
    expect(await masked.innerText()).not.toContain(code as string);

    await modal.getByLabel('SMS code').fill(code as string);
    await modal.getByLabel('Date of birth').fill('1990-01-01');
    await modal.getByTestId('register-submit').click();
    await loggedIn(visitor.page);
    await visitor.context.close();
    await operator.context.close();
  });
});
