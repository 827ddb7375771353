import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { errorText, fieldErrorTexts } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { closeModal } from '../../../lib/modals.ts';
import { changePassword } from '../api/change-password.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { completeLogin } from '../lib/complete-login.ts';
import { checkNewPassword } from '../lib/password-rule.ts';
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useRegisterSettings();
  const labels = usePasswordLabels();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

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
    setErrors(next);
    setMessage(null);
    if (Object.keys(next).length > 0) return;
    setPending(true);
    try {
      const result = await changePassword(input);
      await completeLogin(result, queryClient, 'change');
      closeModal();
      navigate(paths.root.to());
    } catch (error) {
      const fields = fieldErrorTexts(error);
      setErrors(fields);
      setMessage(Object.keys(fields).length > 0 ? null : errorText(error));
    } finally {
      setPending(false);
    }
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
        <PasswordInput id={id} name="newPassword" label={labels.next} error={errors.newPassword} />
        <PasswordInput
          id={id}
          name="confirmNewPassword"
          label={labels.confirm}
          error={errors.confirmNewPassword}
        />
        <button type="submit" className="button button--primary" disabled={pending}>
          {t('password.changeSubmit')}
        </button>
        {message ? (
          <p className="login-form__note" role="alert">
            {message}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
