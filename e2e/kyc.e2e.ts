import { createMember } from '@lotus/api/harness';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { db, demoOperator, memberSignedIn, operatorSignedIn, unique } from './pages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A 1x1 PNG: the server sniffs the bytes, so it must be a real one. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('KYC in the browser', () => {
  it('a member uploads an identity document and customer service approves it in the back office', async () => {
    const username = `kyc${unique()}`;
    await db((d) => createMember(d, { merchantCode: 'DEMO', username, password: 'Secret123' }));
    const member = await newPage(browser);
    await memberSignedIn(member.page, username, 'Secret123');

    await member.page.getByTestId('personal-centre').click();
    const centre = member.page.getByTestId('member-centre');
    await centre.getByTestId('member-menu-verification').click();
    const kyc = centre.getByTestId('kyc-page');
    await kyc
      .getByTestId('kyc-state')
      .filter({ hasText: /^Not verified$/ })
      .waitFor({ timeout: 15_000 });
    await kyc.getByLabel('Document', { exact: true }).selectOption('identity');
    await kyc
      .getByLabel('Image of the document')
      .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
    await kyc.getByRole('button', { name: 'Upload' }).click();
    await kyc
      .getByTestId('kyc-state')
      .filter({ hasText: /^Under review$/ })
      .waitFor();
    const id = await db(async (d) => {
      const row = await d
        .selectFrom('kyc_documents')
        .innerJoin('members', 'members.id', 'kyc_documents.member_id')
        .select(['kyc_documents.id'])
        .where('members.username', '=', username)
        .executeTakeFirstOrThrow();
      return row.id;
    });

    const operator = await newPage(browser);
    await operatorSignedIn(operator.page, await demoOperator('cs'));
    await operator.page.getByRole('link', { name: 'KYC review' }).click();
    const row = operator.page.getByTestId(`bo-kyc-${id}`);
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'View image' }).click();
    await row.getByTestId(`bo-kyc-image-${id}`).waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await operator.page
      .getByRole('status')
      .filter({ hasText: `Document ${id}: Approved` })
      .waitFor();
    await operator.context.close();

    // The member sees the approval.
    await centre.getByTestId('member-menu-securityCenter').click();
    await centre.getByTestId('member-menu-verification').click();
    await centre
      .getByTestId('kyc-state')
      .filter({ hasText: /^Verified$/ })
      .waitFor({ timeout: 15_000 });
    const state = await db((d) =>
      d
        .selectFrom('kyc_members')
        .innerJoin('members', 'members.id', 'kyc_members.member_id')
        .select('kyc_members.state')
        .where('members.username', '=', username)
        .executeTakeFirstOrThrow(),
    );
    expect(state.state).toBe('approved');
    await member.context.close();
  });
});
