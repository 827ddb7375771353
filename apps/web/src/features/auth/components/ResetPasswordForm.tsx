import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorTexts } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { openModal } from '../../../lib/modals.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { resetPassword } from '../api/reset-password.ts';
import { checkNewPassword } from '../lib/password-rule.ts';
import { PasswordInput, usePasswordLabels } from './PasswordFields.tsx';
import './auth.css';

/** A new password from the e-mailed link's single-use token; then the member logs in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  useErrorCatalogue();
  const id = useId();
  const settings = useRegisterSettings();
  const labels = usePasswordLabels();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(
    token ? null : { ok: false, text: errorText(null) },
  );
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      newPassword: String(data.get('newPassword') ?? '').trim(),
      confirmNewPassword: String(data.get('confirmNewPassword') ?? '').trim(),
    };
    const next = checkNewPassword(input, settings.data, t('password.required'), false);
    setErrors(next);
    setStatus(null);
    if (Object.keys(next).length > 0) return;
    setPending(true);
    try {
      await resetPassword({ token, ...input });
      setStatus({ ok: true, text: t('password.resetDone') });
    } catch (error) {
      setErrors(fieldErrorTexts(error));
      setStatus({ ok: false, text: errorText(error) });
    } finally {
      setPending(false);
    }
  };

  if (status?.ok)
    return (
      <div className="login-form">
        <p className="login-form__note" role="status">
          {status.text}
        </p>
        <button type="button" className="button button--primary" onClick={() => openModal({ name: 'login' })}>
          {t('auth.login')}
        </button>
      </div>
    );
  return (
    <form className="login-form" onSubmit={submit} noValidate aria-busy={pending}>
      <PasswordInput id={id} name="newPassword" label={labels.next} error={errors.newPassword} />
      <PasswordInput
        id={id}
        name="confirmNewPassword"
        label={labels.confirm}
        error={errors.confirmNewPassword}
      />
      <button type="submit" className="button button--primary" disabled={pending || !token}>
        {t('password.resetSubmit')}
      </button>
      {status ? (
        <p className="login-form__note" role="alert">
          {status.text}
        </p>
      ) : null}
    </form>
  );
}
