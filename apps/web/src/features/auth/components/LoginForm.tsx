import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import './auth.css';

export type LoginFeatures = { smsLogin: boolean; directRegistration: boolean; freePlay: boolean };

type Errors = Partial<Record<'username' | 'password' | 'mobile' | 'code', string>>;

/**
 * The login box of spec §2: username tab and (with MOBILEVERCODELOGIN3) SMS tab, register button
 * only with DIRECTREG3, free-demo button only with FREEPLAY3. Inputs are trimmed and checked per
 * spec §5; the accounts issue connects submit to POST /wps/session/login.
 */
export function LoginForm({
  features,
  compact = false,
  mode = 'username',
}: {
  features: LoginFeatures;
  compact?: boolean;
  mode?: 'username' | 'sms';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    const next: Errors = {};
    if (mode === 'username') {
      if (!value('username')) next.username = t('auth.usernameRequired');
      if (!value('password')) next.password = t('auth.passwordRequired');
    } else {
      if (!value('mobile')) next.mobile = t('auth.mobileRequired');
      if (!value('code')) next.code = t('auth.codeRequired');
    }
    setErrors(next);
    setPending(Object.keys(next).length === 0);
  };

  const field = (name: keyof Errors, label: string, type: string, autoComplete: string) => (
    <div className="field">
      <label className={compact ? 'visually-hidden' : 'field__label'} htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        className="input"
        placeholder={label}
        autoComplete={autoComplete}
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
    <form className={compact ? 'login-form login-form--compact' : 'login-form'} onSubmit={submit} noValidate>
      {mode === 'username' ? (
        <>
          {field('username', t('auth.username'), 'text', 'username')}
          {field('password', t('auth.password'), 'password', 'current-password')}
        </>
      ) : (
        <>
          {field('mobile', t('auth.mobile'), 'tel', 'tel')}
          {field('code', t('auth.smsCode'), 'text', 'one-time-code')}
        </>
      )}
      <div className="login-form__actions">
        <button type="submit" className="button button--primary">
          {t('auth.login')}
        </button>
        {features.directRegistration ? (
          <button
            type="button"
            className="button button--accent"
            onClick={() => navigate(paths.register.to())}
          >
            {t('auth.register')}
          </button>
        ) : null}
        {features.freePlay ? (
          <button type="button" className="button button--ghost" onClick={() => setPending(true)}>
            {t('auth.freeDemo')}
          </button>
        ) : null}
      </div>
      {pending ? (
        <p className="login-form__note" role="status">
          {t('auth.accountsPending')}
        </p>
      ) : null}
    </form>
  );
}
