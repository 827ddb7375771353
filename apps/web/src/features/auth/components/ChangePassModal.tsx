import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { closeModal } from '../../../lib/modals.ts';
import { changePassword } from '../api/change-password.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { checkNewPassword } from '../lib/password-rule.ts';
import { NewPasswordFields, useNewPasswordSubmit } from './NewPasswordForm.tsx';
import { PasswordInput, usePasswordLabels } from './PasswordFields.tsx';
import './auth.css';

/**
 * changePassModal (spec §4, §5): old password unless known (right after a login it is), the new
 * one per the password rule, its confirmation. Success logs in again with the new token, closes
 * and goes to /. A forced change (default or expired password) closes only by its button.
 */
export function ChangePassModal({
  forced = false,
  knownPassword,
}: {
  forced?: boolean;
  knownPassword?: string;
}) {
  const { t } = useTranslation();
  useErrorCatalogue();
  const id = useId();
  const settings = useRegisterSettings();
  const labels = usePasswordLabels();
  const { errors, message, pending, run } = useNewPasswordSubmit('change');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    const input = {
      oldPassword: knownPassword ?? value('oldPassword'),
      newPassword: value('newPassword'),
      confirmNewPassword: value('confirmNewPassword'),
    };
    const next = checkNewPassword(input, settings.data, t('password.required'), !knownPassword);
    await run(next, () => changePassword(input));
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !forced) closeModal('changePass');
      }}
      title={t('password.changeTitle')}
      description={forced ? t('password.forcedLead') : undefined}
      size="sm"
      testId="change-password-modal"
      closeOnOutsideClick={!forced}
    >
      <form className="login-form" onSubmit={submit} noValidate aria-busy={pending}>
        {knownPassword ? null : (
          <PasswordInput
            id={id}
            name="oldPassword"
            label={labels.old}
            error={errors.oldPassword}
            autoComplete="current-password"
          />
        )}
        <NewPasswordFields
          id={id}
          errors={errors}
          message={message}
          pending={pending}
          submitLabel={t('password.changeSubmit')}
        />
      </form>
    </Dialog>
  );
}
