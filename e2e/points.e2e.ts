import { createMember, setFundsPassword } from '@lotus/api/harness';
import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, siteUrl } from './browser.ts';
import { overflowingElements } from './overflow.ts';
import { db, memberSignedIn, unique } from './pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the points mall in the browser', () => {
  it('a member with points redeems a product with the funds password and sees the exchange record', async () => {
    const username = `pm${unique()}`;
    const productName = `Mug ${unique()}`;
    const { memberId, productId } = await db(async (d) => {
      const { id } = await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
      await setFundsPassword(d, { merchantCode: 'DEMO', username, fundsPassword: '135790' });
      const brand = await d
        .selectFrom('brands')
        .select('id')
        .where('merchant_code', '=', 'DEMO')
        .executeTakeFirstOrThrow();
      // 500 points from the brand's earned account (one balanced entry of the points ledger).
      await d.transaction().execute(async (trx) => {
        for (const [kind, member, key] of [
          ['earned', null, ''],
          ['member', id, `member:${id}`],
        ] as const) {
          await sql`insert into points_accounts (brand_id, kind, member_id, owner_key)
            values (${brand.id}, ${kind}, ${member}, ${key}) on conflict do nothing`.execute(trx);
        }
        const entry = await sql<{ id: string }>`
          insert into points_entries (brand_id, kind, category, idempotency_key, request_hash)
          values (${brand.id}, 'earn', 'RNG', ${`e2e:${username}`}, 'e2e') returning id`.execute(trx);
        for (const [owner, amount] of [
          ['', -500],
          [`member:${id}`, 500],
        ] as const) {
          await sql`
            with moved as (
              update points_accounts set balance = balance + ${amount}
              where brand_id = ${brand.id} and owner_key = ${owner} and kind = ${owner === '' ? 'earned' : 'member'}
              returning id, balance)
            insert into points_postings (entry_id, account_id, amount, balance_after)
            select ${entry.rows[0]?.id}, id, ${amount}, balance from moved`.execute(trx);
        }
      });
      const product = await d
        .insertInto('points_products')
        .values({ brand_id: brand.id, name: productName, kind: 'physical', points: '100', stock: 5 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { memberId: id, productId: product.id };
    });

    const member = await newPage(browser);
    await memberSignedIn(member.page, username, 'Secret123');
    await member.page.goto(`${siteUrl()}/pointMall`);
    const mall = member.page.getByTestId('point-mall');
    await mall.getByText('Your points: 500').waitFor({ timeout: 15_000 });
    const card = mall.getByTestId(`point-product-${productId}`);
    await expect(card.innerText()).resolves.toContain('5 left');
    await mall.getByTestId(`point-redeem-${productId}`).click();
    const form = mall.getByTestId('point-redeem-form');
    await form.getByLabel('Delivery address').fill('12 Jalan Ampang, Kuala Lumpur');
    await form.getByLabel('Mobile number').fill('123456789');
    await form.getByLabel('Funds password').fill('135790');
    await form.getByTestId('point-redeem-submit').click();
    await form
      .getByRole('status')
      .filter({ hasText: 'Your exchange was submitted' })
      .waitFor({ timeout: 15_000 });
    await mall.getByText('Your points: 400').waitFor({ timeout: 15_000 });

    const exchange = await db((d) =>
      d
        .selectFrom('points_exchanges')
        .select(['id', 'status', 'points', 'phone'])
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow(),
    );
    expect(exchange).toMatchObject({ status: 'applying', points: '100', phone: '+60123456789' });
    const record = mall.getByTestId(`point-record-${exchange.id}`);
    await record.waitFor({ timeout: 15_000 });
    await expect(record.innerText()).resolves.toContain('In application');
    await expect(record.innerText()).resolves.toContain(productName);

    // Phone widths: the mall with its products, the redeem form and the records never scroll sideways.
    await mall.getByTestId(`point-redeem-${productId}`).click();
    for (const width of [360, 390]) {
      await member.page.setViewportSize({ width, height: 800 });
      const report = await member.page.evaluate(overflowingElements, []);
      expect(report.scrollWidth, report.offenders.join('\n')).toBeLessThanOrEqual(report.innerWidth);
      expect(report.offenders).toEqual([]);
    }
    await member.context.close();
  });
});
