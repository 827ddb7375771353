import { currentTotpCode } from '@lotus/api/harness';
import type { Page } from 'playwright-core';

/**
 * Logs an operator into the back office at `baseUrl` (e.g. `siteUrl()`) in Chromium: username and
 * password, then the code of `totpSecret` (the authenticator app's part), and waits for the menu.
 * Operators made by the harness's `createOperator` use `HARNESS_TOTP_SECRET`.
 */
export async function backofficeLogin(
  page: Page,
  baseUrl: string,
  operator: { username: string; password: string; totpSecret: string },
): Promise<void> {
  await page.goto(`${baseUrl}/backoffice/`);
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Authenticator code').fill(currentTotpCode(operator.totpSecret));
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await page.getByRole('navigation', { name: 'Back-office menu' }).waitFor({ timeout: 15_000 });
}
