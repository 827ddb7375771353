import type { LoginResult } from '@lotus/contracts/accounts';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { applyLanguage, currentLanguage, isUiLanguage } from '../../../lib/i18n.ts';
import { logger } from '../../../lib/logger.ts';
import { MEMBER_KEY } from '../../../lib/member-data.ts';
import { closeModal, openModal } from '../../../lib/modals.ts';
import { startSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';
import { markFirstLogin } from '../api/first-login.ts';

/**
 * The language across logins: a choice made on this device wins and becomes the member's stored
 * language (PUT /wps/member/language, now with the token); without one, the member's stored
 * language is shown, so it follows the member from device to device.
 */
async function settleLanguage(stored: string): Promise<void> {
  const chosen = storage.lang();
  if (isUiLanguage(chosen)) {
    if (chosen !== stored) {
      apiRequest('/wps/member/language', { method: 'PUT', body: { language: chosen } }).catch(
        (error: unknown) => logger.warn('language not stored for the member', error),
      );
    }
    return;
  }
  if (isUiLanguage(stored) && stored !== currentLanguage()) {
    storage.chooseLang(stored, currentLanguage());
    await applyLanguage(stored);
  }
}

export type LoginMethod =
  | 'username'
  | 'sms'
  | 'register'
  | 'freeplay'
  | 'verification'
  | 'reset'
  | 'change'
  | 'external';

/**
 * Login success (spec §4): token saved; a first login makes the first-login call; a default
 * password, or an expired one with PWDEXPFORCECHANGE3, opens the change-password modal (never
 * after SMS); otherwise the account info loads (member queries start afresh). The member's stored
 * language becomes the site's language, so it persists across logins.
 */
export async function completeLogin(
  result: LoginResult,
  queryClient: QueryClient,
  method: LoginMethod,
  knownPassword?: string,
): Promise<void> {
  queryClient.removeQueries({ queryKey: MEMBER_KEY });
  startSession({
    token: result.token,
    isAgent: result.isAgent,
    account: result.userName,
    firstLogin: result.firstTimeLogin,
  });
  if (result.firstTimeLogin) {
    markFirstLogin().catch((error: unknown) => logger.warn('first-login call failed', error));
  }
  await settleLanguage(result.language);
  const mustChange = result.mustChangePassword || result.passwordExpired;
  if (mustChange && method !== 'sms' && method !== 'freeplay') {
    storage.setMustChangePassword(true);
    openModal({ name: 'changePass', forced: true, knownPassword });
    return;
  }
  storage.setMustChangePassword(false);
  closeModal();
}
