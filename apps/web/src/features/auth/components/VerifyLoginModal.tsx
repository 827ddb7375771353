import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { closeModal } from '../../../lib/modals.ts';
import { verificationLogin } from '../lib/login-flow.ts';
import './auth.css';

/**
 * Login from an IP the member never used (login_verify_required): the server has sent a code to
 * the bound mobile; entering it completes the login at /wps/session/login/verification.
 */
export function VerifyLoginModal({ username, password }: { username: string; password: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('verificationCode') ?? '').trim();
    if (!code) {
      setError(t('auth.codeRequired'));
      return;
    }
    setPending(true);
    try {
      await verificationLogin({ username, password, verificationCode: code }, queryClient);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) closeModal('verifyLogin');
      }}
      title={t('auth.verifyTitle')}
      description={t('auth.verifyLead')}
      size="sm"
      testId="verify-login-modal"
      closeOnOutsideClick={false}
    >
      <form className="login-form" onSubmit={submit} noValidate aria-busy={pending}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-code`}>
            {t('auth.smsCode')}
          </label>
          <input
            id={`${id}-code`}
            name="verificationCode"
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-code-error` : undefined}
          />
          {error ? (
            <p id={`${id}-code-error`} className="field__error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary" disabled={pending}>
          {t('auth.verifySubmit')}
        </button>
      </form>
    </Dialog>
  );
}
