import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logger } from '../../../lib/logger.ts';
import { createGate } from '../../../lib/throttle.ts';
import { type Captcha, getCaptcha } from '../api/get-captcha.ts';

/**
 * The image captcha of the login form (spec §4): shown once the server asks for it; a click on
 * the image fetches a new one, at most once per second (spec §9).
 */
export function CaptchaField({
  id,
  error,
  refreshKey,
  onCaptcha,
}: {
  id: string;
  error?: string;
  /** Changes when the form wants a fresh image (after a failed attempt). */
  refreshKey: number;
  onCaptcha: (captcha: Captcha | null) => void;
}) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const gate = useRef(createGate(1000));
  const onCaptchaRef = useRef(onCaptcha);
  onCaptchaRef.current = onCaptcha;

  const refresh = (force = false) => {
    if (!gate.current() && !force) return;
    getCaptcha().then(
      (next) => {
        setCaptcha(next);
        onCaptchaRef.current(next);
      },
      (error: unknown) => logger.warn('captcha not loaded', error),
    );
  };
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger by design
  useEffect(() => {
    refreshRef.current(true);
  }, [refreshKey]);

  return (
    <div className="field captcha-field">
      <label className="field__label" htmlFor={`${id}-captcha`}>
        {t('auth.captcha')}
      </label>
      <div className="captcha-field__row">
        <input
          id={`${id}-captcha`}
          name="captcha"
          className="input"
          autoComplete="off"
          inputMode="text"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-captcha-error` : undefined}
        />
        <button
          type="button"
          className="captcha-field__image"
          onClick={() => refresh()}
          aria-label={t('auth.captchaRefresh')}
          data-testid="captcha-image"
        >
          {captcha ? (
            <img src={`data:image/png;base64,${captcha.image}`} alt="" width="120" height="40" />
          ) : null}
        </button>
      </div>
      {error ? (
        <p id={`${id}-captcha-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
