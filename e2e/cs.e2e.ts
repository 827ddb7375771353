import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_BRANDS } from './brands.ts';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { overflowingElements } from './overflow.ts';
import { demoOperator, dismissPopup, operatorSignedIn, unique } from './pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const operator = (role: 'cs' | 'marketing') => demoOperator(role);

async function expectFits(page: Page, where: string): Promise<void> {
  const report = await page.evaluate(overflowingElements, []);
  expect({ where, ...report, offenders: report.offenders.slice(0, 5) }).toEqual({
    where,
    scrollWidth: report.innerWidth,
    innerWidth: report.innerWidth,
    offenders: [],
  });
}

/** A PNG of one pixel, as a member's screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('customer service', () => {
  it("live chat opens the contact form in the customer window; the visitor's message reaches the back office, where customer service takes and closes it", async () => {
    const name = `Visitor ${unique()}`;
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto(`${siteUrl()}/index`);
    await dismissPopup(page);
    const popupOpened = page.waitForEvent('popup');
    await page.getByTestId('right-bar').getByRole('button', { name: 'Live chat' }).click();
    const popup = await popupOpened;
    await popup.setViewportSize({ width: 440, height: 750 });
    await popup.getByTestId('contact-page').waitFor({ timeout: 15_000 });
    expect(new URL(popup.url()).pathname).toBe('/contact');
    // The customer window has no site header: the form is the page.
    expect(await popup.locator('header').count()).toBe(0);
    await expectFits(popup, 'contact form at 440 px');

    await popup.getByLabel('Your name').fill(name);
    await popup.getByLabel('Topic').selectOption('payment');
    await popup.getByLabel('Mobile').fill('012-345 6789');
    await popup.getByLabel('Your message').fill('My deposit of RM 50 has not arrived.');
    await popup.getByTestId('contact-submit').click();
    await popup.getByTestId('contact-sent').waitFor({ timeout: 45_000 });
    await popup.setViewportSize({ width: 360, height: 740 });
    await expectFits(popup, 'contact form sent at 360 px');
    await context.close();

    const bo = await newPage(browser);
    await operatorSignedIn(bo.page, await operator('cs'));
    await bo.page.getByRole('link', { name: 'Customer service' }).click();
    const row = bo.page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain('+60123456789');
    await row.getByLabel('Note (optional)').fill('Called back, deposit found');
    await row.getByRole('button', { name: 'Take' }).click();
    await bo.page.getByRole('status').filter({ hasText: 'In progress' }).waitFor();

    await bo.page.getByLabel('Status').selectOption('in_progress');
    await bo.page.getByRole('button', { name: 'Search' }).click();
    const taken = bo.page.getByRole('row').filter({ hasText: name });
    expect(await taken.innerText()).toContain('Called back, deposit found');
    await taken.getByRole('button', { name: 'Close' }).click();
    await bo.page.getByRole('status').filter({ hasText: 'Closed' }).waitFor();
    await bo.context.close();
  });

  it("the maintenance page's contact button opens the contact form, which works while the brand is closed", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${siteUrl(E2E_BRANDS.maintenance.domain)}/index`);
    await page.getByTestId('maintenance-page').waitFor();
    const popupOpened = page.waitForEvent('popup');
    await page
      .getByTestId('maintenance-page')
      .getByRole('button', { name: 'Contact customer service' })
      .click();
    const popup = await popupOpened;
    await popup.getByTestId('contact-page').waitFor({ timeout: 15_000 });
    await popup.getByLabel('Your name').fill(`Closed ${unique()}`);
    await popup.getByLabel('Mobile').fill('012-345 6789');
    await popup.getByLabel('Your message').fill('When does the maintenance end?');
    await popup.getByTestId('contact-submit').click();
    await popup.getByTestId('contact-sent').waitFor({ timeout: 45_000 });
    await context.close();
  });

  it('feedback sent from the site shows in the back office with its image', async () => {
    const content = `Feedback ${unique()}`;
    const form = new FormData();
    form.set('content', content);
    form.append('images', new Blob([PNG], { type: 'image/png' }), 'screen.png');
    const sent = await fetch(`${siteUrl()}/wps/feedback`, {
      method: 'PUT',
      headers: { Merchant: 'DEMO', Language: 'EN', Device: 'web' },
      body: form,
    });
    expect(((await sent.json()) as { success: boolean }).success).toBe(true);

    const bo = await newPage(browser);
    await operatorSignedIn(bo.page, await operator('marketing'));
    await bo.page.getByRole('link', { name: 'Customer service' }).click();
    await bo.page.getByRole('tab', { name: 'Feedback' }).click();
    const row = bo.page.getByRole('row').filter({ hasText: content });
    await row.getByRole('button', { name: 'Show 1 image' }).click();
    const image = row.getByRole('img', { name: 'Feedback image 1' });
    await image.waitFor();
    await bo.page.waitForFunction(
      (text) =>
        [...document.querySelectorAll('tr')]
          .find((tr) => tr.textContent?.includes(text))
          ?.querySelector('img')?.complete === true,
      content,
    );
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await bo.context.close();
  });

  it('/join: a visitor applies to become an affiliate and marketing approves the application', async () => {
    const name = `Affiliate ${unique()}`;
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto(`${siteUrl()}/join`);
    await dismissPopup(page);
    await page.getByRole('link', { name: 'Become an affiliate' }).click();
    const form = page.getByTestId('affiliate-form');
    await form.getByLabel('Your name').fill(name);
    await form.getByLabel('WhatsApp', { exact: true }).fill('012 345 6789');
    await form.getByRole('button', { name: '+ Add another way to reach you' }).click();
    await form.getByLabel('Contact channel 2').selectOption('email');
    await form.getByLabel('E-mail', { exact: true }).fill('affiliate@example.com');
    await form
      .getByLabel('Websites or social channels (optional)')
      .fill('https://tips.example\n@tips_channel');
    await form.getByLabel('Players you expect to bring each month').fill('300');
    await expectFits(page, '/join form at 390 px');
    await form.getByTestId('affiliate-submit').click();
    await page.getByTestId('affiliate-sent').waitFor({ timeout: 45_000 });
    await context.close();

    const bo = await newPage(browser);
    await operatorSignedIn(bo.page, await operator('marketing'));
    await bo.page.getByRole('link', { name: 'Affiliate applications' }).click();
    const row = bo.page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('+60123456789');
    expect(text).toContain('affiliate@example.com');
    expect(text).toContain('300 players a month expected');
    await row.getByRole('button', { name: 'Mark contacted' }).click();
    await bo.page.getByRole('status').filter({ hasText: 'Contacted' }).waitFor();

    await bo.page.getByLabel('Status').selectOption('contacted');
    await bo.page.getByRole('button', { name: 'Search' }).click();
    const contacted = bo.page.getByRole('row').filter({ hasText: name });
    await contacted.getByLabel('Note (needed to approve or reject)').fill('Good audience');
    await contacted.getByRole('button', { name: 'Approve' }).click();
    await bo.page.getByRole('status').filter({ hasText: 'Approved' }).waitFor();
    await bo.context.close();
  });
});
