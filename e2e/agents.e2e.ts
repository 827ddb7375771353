import { createMember } from '@lotus/api/harness';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { overflowingElements } from './overflow.ts';
import { db, demoOperator, memberSignedIn, operatorSignedIn, unique } from './pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function expectFits(page: Page, where: string): Promise<void> {
  const report = await page.evaluate(overflowingElements, []);
  expect({ where, ...report, offenders: report.offenders.slice(0, 5) }).toEqual({
    where,
    scrollWidth: report.innerWidth,
    innerWidth: report.innerWidth,
    offenders: [],
  });
}

describe('agents in the browser', () => {
  it("an operator approves a member's application; the new agent opens a downline's account and sees it in the team", async () => {
    const username = `ag${unique()}`;
    const name = `Agent ${unique()}`;
    await db(async (d) => {
      const { id } = await createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' });
      const brand = await d
        .selectFrom('brands')
        .select('id')
        .where('merchant_code', '=', 'DEMO')
        .executeTakeFirstOrThrow();
      await d
        .insertInto('affiliate_applications')
        .values({
          brand_id: brand.id,
          member_id: id,
          name,
          contacts: JSON.stringify([{ channel: 'email', value: 'agent@example.com' }]),
          sites: JSON.stringify([]),
          monthly_players: 50,
          language: 'EN',
          client_ip: '127.0.0.1',
          status: 'contacted',
        })
        .execute();
    });

    const bo = await newPage(browser);
    await operatorSignedIn(bo.page, await demoOperator('marketing'));
    await bo.page.getByRole('link', { name: 'Affiliate applications' }).click();
    await bo.page.getByLabel('Status').selectOption('contacted');
    await bo.page.getByRole('button', { name: 'Search' }).click();
    const row = bo.page.getByRole('row').filter({ hasText: name });
    await row.getByLabel('Note (needed to approve or reject)').fill('Strong channel');
    await row.getByRole('button', { name: 'Approve' }).click();
    await bo.page.getByRole('status').filter({ hasText: 'Approved' }).waitFor();
    await bo.context.close();

    const agent = await newPage(browser);
    await memberSignedIn(agent.page, username, 'Secret123');
    await agent.page.getByTestId('agent-centre-entry').click();
    const centre = agent.page.getByTestId('agent-centre');
    await centre.getByTestId('agent-team-overview').waitFor({ timeout: 15_000 });
    await expect(centre.getByTestId('agent-team-size').innerText()).resolves.toBe('0');

    await centre.getByRole('button', { name: 'Open account', exact: true }).first().click();
    const register = centre.getByTestId('agent-register-center');
    await register.getByTestId('agent-affiliate-code').waitFor();
    const downline = `dl${unique()}`;
    await register.getByLabel('User name').fill(downline);
    await register.getByLabel('Password').fill('abc12345');
    await register.getByLabel('Date of birth').fill('1990-01-01');
    await register.getByRole('button', { name: 'Open account' }).click();
    await register.getByText(`Account ${downline} opened in your team.`).waitFor({ timeout: 15_000 });

    await centre.getByRole('button', { name: 'Team management' }).click();
    const teamList = centre.getByTestId('agent-team-members');
    await teamList.getByText(downline).waitFor({ timeout: 15_000 });
    await expect(teamList.innerText()).resolves.toContain('Level 1');

    for (const width of [360, 390]) {
      await agent.page.setViewportSize({ width, height: 800 });
      await expectFits(agent.page, `team management at ${width} px`);
    }
    await agent.context.close();
  });
});
