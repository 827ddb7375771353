import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { errorText, fieldErrorTexts } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { closeModal } from '../../../lib/modals.ts';
import { forgotPasswordByEmail } from '../api/forgot-password-email.ts';
import { forgotPasswordByPhone } from '../api/forgot-password-phone.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { completeLogin } from '../lib/complete-login.ts';
import { checkNewPassword } from '../lib/password-rule.ts';
import type { AuthEnvironment } from '../types/environment.ts';
import { MobileField } from './MobileField.tsx';
import { PasswordInput, usePasswordLabels } from './PasswordFields.tsx';
import { SmsCodeButton } from './SmsCodeButton.tsx';
import './auth.css';

function ByEmail() {
  const { t } = useTranslation();
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '').trim();
    const email = String(data.get('email') ?? '').trim();
    const next: Record<string, string> = {};
    if (!username) next.username = t('auth.usernameRequired');
    if (!email) next.email = t('password.emailRequired');
    setErrors(next);
    setResult(null);
    if (Object.keys(next).length > 0) return;
    setPending(true);
    try {
      const answer = await forgotPasswordByEmail({ username, email });
      setResult({ ok: true, text: answer.message });
    } catch (error) {
      setErrors(fieldErrorTexts(error));
      setResult({ ok: false, text: errorText(error) });
    } finally {
      setPending(false);
    }
  };

  const field = (name: string, label: string, type: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        className="input"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="field__error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-busy={pending}>
      {field('username', t('auth.username'), 'text')}
      {field('email', t('register.email'), 'email')}
      <button type="submit" className="button button--primary" disabled={pending}>
        {t('password.sendLink')}
      </button>
      {result ? (
        <p className="login-form__note" role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </p>
      ) : null}
    </form>
  );
}

function ByPhone({ env }: { env: AuthEnvironment }) {
  const { t } = useTranslation();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useRegisterSettings();
  const labels = usePasswordLabels();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const values = () => {
    const data = new FormData(form.current ?? undefined);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    return {
      mobileNum: value('mobileNum'),
      countryDialingCode: value('countryDialingCode'),
      verificationCode: value('verificationCode'),
      newPassword: value('newPassword'),
      confirmNewPassword: value('confirmNewPassword'),
    };
  };

  const target = () => {
    const { mobileNum, countryDialingCode } = values();
    if (!/^\d{5,15}$/.test(mobileNum)) {
      setErrors({ mobileNum: mobileNum ? t('auth.mobileInvalid') : t('auth.mobileRequired') });
      return null;
    }
    setErrors({});
    return { mobileNum, countryDialingCode };
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = values();
    const next = checkNewPassword(input, settings.data, t('password.required'), false);
    if (!input.mobileNum) next.mobileNum = t('auth.mobileRequired');
    if (!input.verificationCode) next.verificationCode = t('auth.codeRequired');
    setErrors(next);
    setMessage(null);
    if (Object.keys(next).length > 0) return;
    setPending(true);
    try {
      const result = await forgotPasswordByPhone(input);
      await completeLogin(result, queryClient, 'reset');
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
    <form ref={form} className="login-form" onSubmit={submit} noValidate aria-busy={pending}>
      <MobileField
        id={id}
        countryCodes={env.countryCodes}
        defaultCountry={env.defaultCountry}
        error={errors.mobileNum}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-code`}>
          {t('auth.smsCode')}
        </label>
        <div className="field__inline">
          <input id={`${id}-code`} name="verificationCode" className="input" inputMode="numeric" />
          <SmsCodeButton purpose="noLogin" target={target} />
        </div>
        {errors.verificationCode ? <p className="field__error">{errors.verificationCode}</p> : null}
      </div>
      <PasswordInput id={id} name="newPassword" label={labels.next} error={errors.newPassword} />
      <PasswordInput
        id={id}
        name="confirmNewPassword"
        label={labels.confirm}
        error={errors.confirmNewPassword}
      />
      <button type="submit" className="button button--primary" disabled={pending}>
        {t('password.resetSubmit')}
      </button>
      {message ? (
        <p className="login-form__note" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}

/** forgetPassModal (spec §5): by e-mail (username + e-mail), by phone when CHNGPASSVERIF3. */
export function ForgetPassModal({ env }: { env: AuthEnvironment }) {
  const { t } = useTranslation();
  useErrorCatalogue();
  const [tab, setTab] = useState('email');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) closeModal('forgetPass');
      }}
      title={t('password.forgotTitle')}
      size="sm"
      testId="forget-password-modal"
    >
      {env.phonePasswordReset ? (
        <Tabs.Root value={tab} onValueChange={setTab}>
          <Tabs.List className="tabs" aria-label={t('password.forgotTitle')}>
            <Tabs.Trigger className="tabs__trigger" value="email">
              {t('password.byEmail')}
            </Tabs.Trigger>
            <Tabs.Trigger className="tabs__trigger" value="phone">
              {t('password.byPhone')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="email" className="tabs__panel">
            {tab === 'email' ? <ByEmail /> : null}
          </Tabs.Content>
          <Tabs.Content value="phone" className="tabs__panel">
            {tab === 'phone' ? <ByPhone env={env} /> : null}
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <ByEmail />
      )}
    </Dialog>
  );
}
