import { withDatabase } from '@lotus/api/harness';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { overflowingElements } from './overflow.ts';
import { demoOperator, operatorSignedIn } from './pages.ts';

/**
 * No back-office page is wider than the screen (issue 11): every page of the side menu of an admin
 * (who sees them all) and a member's detail page, at a laptop's 1366 px and a phone's 390 px, with
 * long unbroken texts in the queues. Tables may scroll inside their panel; the page content itself
 * (`.content`) must not scroll sideways, and nothing may reach past the viewport.
 */
const WIDTHS = [1366, 390] as const;
/** Panels that do not excuse what they hold: if they scroll sideways, that is the overflow. */
const NOT_CLIPPING = ['.content'];

let browser: Browser;
let memberId = '';
const LONG = `Unbroken${'x'.repeat(140)}`;

const db = <T>(work: Parameters<typeof withDatabase<T>>[1]) => withDatabase(inject('databaseUrl'), work);

beforeAll(async () => {
  browser = await launchBrowser();
  // Long texts in each queue: a message, a contact value and a site without a place to break.
  await db(async (d) => {
    const brand = await d
      .selectFrom('brands')
      .select('id')
      .where('merchant_code', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    const member = await d
      .selectFrom('members')
      .select('id')
      .where('brand_id', '=', brand.id)
      .where('username', '=', 'demoplayer')
      .executeTakeFirstOrThrow();
    memberId = member.id;
    await d
      .insertInto('contact_requests')
      .values({
        brand_id: brand.id,
        member_id: member.id,
        name: 'Layout Guard',
        channel: 'email',
        contact: `${'long'.repeat(20)}@example.com`,
        category: 'technical',
        message: `${LONG} and a sentence after it.`,
        language: 'EN',
        client_ip: '127.0.0.1',
        handled_by: null,
      })
      .execute();
    await d
      .insertInto('affiliate_applications')
      .values({
        brand_id: brand.id,
        member_id: null,
        name: 'Layout Guard',
        contacts: JSON.stringify([{ channel: 'telegram', value: `@${'a'.repeat(31)}` }]),
        sites: JSON.stringify([`https://${'site'.repeat(40)}.example/${LONG}`]),
        monthly_players: 1000,
        message: LONG,
        language: 'EN',
        client_ip: '127.0.0.1',
        handled_by: null,
      })
      .execute();
    await d
      .insertInto('feedback')
      .values({ brand_id: brand.id, content: LONG, language: 'EN', client_ip: '127.0.0.1' })
      .execute();
  });
});
afterAll(async () => {
  await browser?.close();
});

const admin = () => demoOperator('admin');

/** The page has rendered: a heading in the content and no loading line left (a slow list is measured as is). */
async function settle(page: Page): Promise<void> {
  await page.locator('main.content h1').first().waitFor({ timeout: 15_000 });
  await page
    .waitForFunction(
      () => ![...document.querySelectorAll('main.content p')].some((p) => p.textContent === 'Loading…'),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(150);
}

async function overflowOf(page: Page, where: string): Promise<string[]> {
  const report = await page.evaluate(overflowingElements, NOT_CLIPPING);
  if (report.scrollWidth <= report.innerWidth && report.offenders.length === 0) return [];
  return [
    `${where}: document ${report.scrollWidth} px in a ${report.innerWidth} px viewport`,
    ...report.offenders.slice(0, 12).map((offender) => `    ${offender}`),
  ];
}

describe('no back-office page is wider than the screen', () => {
  for (const width of WIDTHS) {
    it(`every page of the menu and a member's detail at ${width} px`, { timeout: 150_000 }, async () => {
      const { context, page } = await newPage(browser);
      await page.setViewportSize({ width, height: 900 });
      await operatorSignedIn(page, await admin());
      const menu = page.getByRole('navigation', { name: 'Back-office menu' });
      const links = await menu
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(links.length).toBeGreaterThan(8);
      const problems: string[] = [];
      for (const href of links) {
        await menu.locator(`a[href="${href}"]`).click();
        const trimmed = href.replace(/\/$/, '');
        await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === trimmed);
        await settle(page);
        problems.push(...(await overflowOf(page, `${width}px ${href}`)));
        // A page's other tabs (customer service's feedback, the outboxes' e-mails) are measured too.
        const tabs = page.locator('main.content [role="tab"]');
        const count = await tabs.count();
        for (let i = 1; i < count; i += 1) {
          const tab = tabs.nth(i);
          const label = await tab.innerText();
          await tab.click();
          await settle(page);
          problems.push(...(await overflowOf(page, `${width}px ${href} tab "${label}"`)));
        }
      }
      await page.goto(`${siteUrl()}/backoffice/members/${memberId}`);
      await settle(page);
      problems.push(...(await overflowOf(page, `${width}px member detail`)));
      // A lottery numero's detail (orders, exposure, result), a route without a menu entry, once
      // the scheduler has created the demo games' numeros: the first of every game (each family
      // lays out its result and its result entry its own way).
      const numeros = await db((d) =>
        d
          .selectFrom('lottery_numeros')
          .select(['game_id', (eb) => eb.fn.min('draw_at').as('first')])
          .groupBy('game_id')
          .execute()
          .then((firsts) =>
            Promise.all(
              firsts.map((f) =>
                d
                  .selectFrom('lottery_numeros')
                  .select('id')
                  .where('game_id', '=', f.game_id)
                  .where('draw_at', '=', f.first)
                  .executeTakeFirstOrThrow(),
              ),
            ),
          ),
      );
      expect(numeros.length).toBeGreaterThan(3);
      for (const numero of numeros) {
        await page.goto(`${siteUrl()}/backoffice/lottery-numeros/${numero.id}`);
        await settle(page);
        problems.push(...(await overflowOf(page, `${width}px lottery numero ${numero.id}`)));
      }
      await context.close();
      expect(problems.join('\n')).toBe('');
    });
  }
});
