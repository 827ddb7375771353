import { openModal } from './modals.ts';
import { getSession, isTrial } from './session.ts';

/**
 * Protected actions (spec §4, §6): a visitor gets the login popup, a trial account (isAgent 4) the
 * trial warning; a member goes ahead. Returns whether the action may run.
 */
export function allowMemberAction(): boolean {
  const session = getSession();
  if (!session.token) {
    openModal({ name: 'login' });
    return false;
  }
  if (isTrial(session)) {
    openModal({ name: 'trialWarning' });
    return false;
  }
  return true;
}
