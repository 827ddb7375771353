import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, catalogueText, errorText, fieldErrorTexts } from '../../../lib/api-error.ts';
import { withChunkTimeout } from '../../../lib/chunk-load.ts';
import { openModal } from '../../../lib/modals.ts';
import type { Captcha } from '../api/get-captcha.ts';
import { rememberedLogin, rememberLogin } from '../lib/remember.ts';
import './auth.css';

export type LoginFeatures = { smsLogin: boolean; directRegistration: boolean; freePlay: boolean };

type Errors = Partial<Record<'username' | 'password' | 'captcha', string>>;

const CAPTCHA_CODES = ['captcha_required', 'captcha_invalid'];

// Shown only after failed logins, in the modal: not part of the header's first load.
const CaptchaField = lazy(() =>
  withChunkTimeout(() => import('./CaptchaField.tsx')).then((m) => ({ default: m.CaptchaField })),
);

/** The login calls and the encryption load on submit only, so the header box stays light. */
const loadFlow = () => withChunkTimeout(() => import('../lib/login-flow.ts'));

/**
 * The username login of spec §2/§5: username and password required, trimmed; the captcha once the
 * server asks for it; remember-me cookies; register (DIRECTREG3) and free demo (FREEPLAY3) buttons.
 * `compact` is the header's box: errors that need more room open the login modal.
 */
export function LoginForm({
  features,
  compact = false,
  captchaInitially = false,
  notice,
}: {
  features: LoginFeatures;
  compact?: boolean;
  captchaInitially?: boolean;
  notice?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [remembered] = useState(rememberedLogin);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(notice ?? null);
  const [pending, setPending] = useState(false);
  const [captchaShown, setCaptchaShown] = useState(captchaInitially);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);

  const fail = (error: unknown, username: string, password: string) => {
    if (error instanceof ApiError && error.errorCode === 'login_verify_required') {
      openModal({ name: 'verifyLogin', username, password });
      return;
    }
    const text = errorText(error);
    if (error instanceof ApiError && CAPTCHA_CODES.includes(error.errorCode)) {
      if (compact) {
        openModal({ name: 'login', notice: text, captcha: true });
        return;
      }
      setCaptchaShown(true);
      setErrors({ captcha: text });
      setCaptchaKey((key) => key + 1);
      return;
    }
    if (captchaShown) setCaptchaKey((key) => key + 1);
    const fields = fieldErrorTexts(error);
    setErrors(fields);
    setMessage(Object.keys(fields).length > 0 ? null : text);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    const username = value('username');
    const password = value('password');
    const captchaAnswer = value('captcha');
    const next: Errors = {};
    if (!username) next.username = t('auth.usernameRequired');
    if (!password) next.password = t('auth.passwordRequired');
    if (captchaShown && !captchaAnswer) next.captcha = t('auth.captchaRequired');
    setErrors(next);
    setMessage(null);
    if (Object.keys(next).length > 0) return;
    setPending(true);
    try {
      const flow = await loadFlow();
      await flow.passwordLogin(
        captchaShown && captcha
          ? { username, password, captcha: captchaAnswer, captchaId: captcha.captchaId }
          : { username, password },
        queryClient,
      );
      rememberLogin(username, compact ? remembered.remember : data.get('remember') === 'on');
    } catch (error) {
      fail(error, username, password);
    } finally {
      setPending(false);
    }
  };

  // The free demo asks for the date of birth first: the brand's minimum age holds for trial accounts.
  const [demoBirthday, setDemoBirthday] = useState<string | null>(null);
  const startFreePlay = async () => {
    if (pending) return;
    if (demoBirthday === null) {
      setDemoBirthday('');
      return;
    }
    if (!demoBirthday) {
      setMessage(catalogueText('birth_date_invalid'));
      return;
    }
    setPending(true);
    setMessage(null);
    try {
      const flow = await loadFlow();
      await flow.freePlayLogin(queryClient, demoBirthday);
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setPending(false);
    }
  };

  const field = (name: 'username' | 'password', label: string, type: string, autoComplete: string) => (
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
        defaultValue={remembered[name]}
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
    <form
      className={compact ? 'login-form login-form--compact' : 'login-form'}
      onSubmit={submit}
      noValidate
      aria-busy={pending}
    >
      {field('username', t('auth.username'), 'text', 'username')}
      {field('password', t('auth.password'), 'password', 'current-password')}
      {captchaShown && !compact ? (
        <Suspense fallback={null}>
          <CaptchaField id={id} error={errors.captcha} refreshKey={captchaKey} onCaptcha={setCaptcha} />
        </Suspense>
      ) : null}
      {compact ? null : (
        <div className="login-form__options">
          <label className="check">
            <input type="checkbox" name="remember" defaultChecked={remembered.remember} />
            {t('auth.remember')}
          </label>
          <button type="button" className="link-button" onClick={() => openModal({ name: 'forgetPass' })}>
            {t('auth.forgotPassword')}
          </button>
        </div>
      )}
      <div className="login-form__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {t('auth.login')}
        </button>
        {features.directRegistration ? (
          <button
            type="button"
            className="button button--accent"
            onClick={() => openModal({ name: 'register' })}
          >
            {t('auth.register')}
          </button>
        ) : null}
        {features.freePlay ? (
          <button type="button" className="button button--ghost" onClick={startFreePlay} disabled={pending}>
            {t('auth.freeDemo')}
          </button>
        ) : null}
        {compact && features.smsLogin ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => openModal({ name: 'login', tab: 'sms' })}
          >
            {t('auth.bySms')}
          </button>
        ) : null}
      </div>
      {features.freePlay && demoBirthday !== null ? (
        <div className="field login-form__demo-birthday">
          <label className="field__label" htmlFor={`${id}-demo-birthday`}>
            {t('auth.demoBirthDate')}
          </label>
          <input
            id={`${id}-demo-birthday`}
            type="date"
            className="input"
            autoComplete="bday"
            min="1900-01-01"
            max={new Date().toISOString().slice(0, 10)}
            value={demoBirthday}
            onChange={(event) => setDemoBirthday(event.target.value)}
          />
        </div>
      ) : null}
      {message ? (
        <p className="login-form__note" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}
