import type { RegisterSettings } from '@lotus/contracts/accounts';
import { fieldProblemMessage, validateRegistrationField } from '@lotus/contracts/registration';
import { catalogueText } from '../../../lib/api-error.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/**
 * Change-password rules (spec §5): old password required unless known, the new one per the
 * brand's password rule (registration settings), the confirmation equal to the new one.
 */
export function checkNewPassword(
  input: { oldPassword?: string; newPassword: string; confirmNewPassword: string },
  settings: RegisterSettings | undefined,
  requiredText: string,
  oldRequired: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (oldRequired && !input.oldPassword) errors.oldPassword = requiredText;
  const rule = settings?.fields.password;
  if (!input.newPassword) errors.newPassword = requiredText;
  else if (rule) {
    const problem = validateRegistrationField(input.newPassword, { ...rule, enabled: true, required: true });
    if (problem) errors.newPassword = fieldProblemMessage(problem, currentLanguage());
  }
  if (!input.confirmNewPassword) errors.confirmNewPassword = requiredText;
  else if (input.confirmNewPassword !== input.newPassword)
    errors.confirmNewPassword = catalogueText('password_not_match');
  return errors;
}
