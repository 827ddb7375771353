import type { OperatorLoginResult } from '@lotus/contracts/backoffice';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/LanguagePicker.tsx';
import { ApiError, boApi } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';

type Step =
  | { kind: 'password' }
  | { kind: 'code' }
  | { kind: 'enrol'; otpauthUri: string; qrDataUrl: string };

type Captcha = { captchaId: string; image: string };
/** The server asks for the image captcha once a username had too many failed logins. */
const CAPTCHA_CODES = ['operator_captcha_required', 'operator_captcha_invalid'];

/**
 * Operator login: username and password, then the authenticator code. On the first login the server
 * answers with an enrolment step: the QR code to scan, then the first code completes the login.
 * After too many failures of a username (from anywhere) every try needs the image captcha: once the
 * server asks for it, each submit sends an answer and a fresh image follows (each is good once).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaAnswer, setCaptchaAnswer] = useState('');

  const loadCaptcha = async () => {
    setCaptchaAnswer('');
    try {
      setCaptcha(await boApi<Captcha>('/bo/v1/session/captcha'));
    } catch (error) {
      setMessage(error instanceof Error ? error.message : t('common.unexpectedError'));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!username.trim()) found.username = t('login.usernameRequired');
    if (!password) found.password = t('login.passwordRequired');
    if (step.kind !== 'password' && !/^\d{6}$/.test(code)) found.code = t('login.codeFormat');
    if (captcha && !captchaAnswer.trim()) found.captcha = t('login.captchaRequired');
    setErrors(found);
    setMessage('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result = await boApi<OperatorLoginResult>('/bo/v1/session/login', {
        method: 'POST',
        body: {
          username: username.trim(),
          password,
          ...(step.kind === 'password' ? {} : { totpCode: code }),
          ...(captcha ? { captchaId: captcha.captchaId, captcha: captchaAnswer.trim() } : {}),
        },
      });
      if (result.step === 'enrol') {
        setStep({ kind: 'enrol', otpauthUri: result.otpauthUri, qrDataUrl: result.qrDataUrl });
        if (captcha) await loadCaptcha();
      } else {
        session.start(result.token, result.operator);
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'operator_totp_required') {
        setStep({ kind: 'code' });
      } else {
        setMessage(error instanceof Error ? error.message : t('common.unexpectedError'));
        setCode('');
      }
      // The image sent was used up (right or wrong); the server may ask for it again.
      if (captcha || (error instanceof ApiError && CAPTCHA_CODES.includes(error.code))) await loadCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <div className="login-bar">
        <LanguagePicker />
      </div>
      <form className="card login-card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        <div className="field">
          <label htmlFor="bo-username">{t('login.username')}</label>
          <input
            id="bo-username"
            autoComplete="username"
            value={username}
            disabled={step.kind !== 'password'}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? 'bo-username-error' : undefined}
            onChange={(event) => setUsername(event.target.value)}
          />
          {errors.username && (
            <span id="bo-username-error" className="field-error">
              {errors.username}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="bo-password">{t('login.password')}</label>
          <input
            id="bo-password"
            type="password"
            autoComplete="current-password"
            value={password}
            disabled={step.kind !== 'password'}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'bo-password-error' : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          {errors.password && (
            <span id="bo-password-error" className="field-error">
              {errors.password}
            </span>
          )}
        </div>
        {step.kind === 'enrol' && (
          <section className="enrol" aria-labelledby="enrol-title">
            <h2 id="enrol-title">{t('login.enrolTitle')}</h2>
            <p>{t('login.enrolHelp')}</p>
            <img src={step.qrDataUrl} alt={t('login.qrAlt')} width={240} height={240} />
            <details>
              <summary>{t('login.enrolManual')}</summary>
              <code className="uri">{step.otpauthUri}</code>
            </details>
          </section>
        )}
        {step.kind !== 'password' && (
          <div className="field">
            <label htmlFor="bo-code">{t('login.code')}</label>
            <input
              id="bo-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? 'bo-code-error' : undefined}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
            {errors.code && (
              <span id="bo-code-error" className="field-error">
                {errors.code}
              </span>
            )}
          </div>
        )}
        {captcha && (
          <div className="field">
            <label htmlFor="bo-captcha">{t('login.captcha')}</label>
            <img
              className="captcha"
              src={`data:image/png;base64,${captcha.image}`}
              alt={t('login.captchaAlt')}
              width={120}
              height={40}
            />
            <input
              id="bo-captcha"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={16}
              value={captchaAnswer}
              aria-invalid={errors.captcha ? true : undefined}
              aria-describedby={errors.captcha ? 'bo-captcha-error' : undefined}
              onChange={(event) => setCaptchaAnswer(event.target.value)}
            />
            {errors.captcha && (
              <span id="bo-captcha-error" className="field-error">
                {errors.captcha}
              </span>
            )}
            <button type="button" className="secondary" onClick={() => void loadCaptcha()}>
              {t('login.captchaRefresh')}
            </button>
          </div>
        )}
        {message && (
          <p role="alert" className="error">
            {message}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {step.kind === 'password' ? t('login.submit') : t('login.verify')}
        </button>
      </form>
    </main>
  );
}
