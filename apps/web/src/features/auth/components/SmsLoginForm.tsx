import type { CountryCode } from '@lotus/contracts/system';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorTexts } from '../../../lib/api-error.ts';
import { smsLogin } from '../lib/login-flow.ts';
import { rememberedSmsLogin, rememberSmsLogin } from '../lib/remember.ts';
import { MobileField } from './MobileField.tsx';
import { SmsCodeButton } from './SmsCodeButton.tsx';

type Errors = Partial<Record<'mobileNum' | 'verificationCode', string>>;

/** SMS login (MOBILEVERCODELOGIN3): mobile number and the code of /wps/verification/sms/noLogin. */
export function SmsLoginForm({
  countryCodes,
  defaultCountry,
}: {
  countryCodes: CountryCode[];
  defaultCountry?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [remembered] = useState(rememberedSmsLogin);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const values = () => {
    const data = new FormData(form.current ?? undefined);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    return {
      mobileNum: value('mobileNum'),
      countryDialingCode: value('countryDialingCode'),
      verificationCode: value('verificationCode'),
    };
  };

  const mobileTarget = () => {
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
    if (pending) return;
    const input = values();
    const next: Errors = {};
    if (!input.mobileNum) next.mobileNum = t('auth.mobileRequired');
    if (!input.verificationCode) next.verificationCode = t('auth.codeRequired');
    setErrors(next);
    setMessage(null);
    if (Object.keys(next).length > 0) return;
    setPending(true);
    try {
      await smsLogin(input, queryClient);
      rememberSmsLogin(input.mobileNum, input.countryDialingCode);
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
        countryCodes={countryCodes}
        defaultCountry={defaultCountry}
        error={errors.mobileNum}
        defaultNumber={remembered?.mobileNum}
        defaultDialCode={remembered?.countryDialingCode}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-code`}>
          {t('auth.smsCode')}
        </label>
        <div className="field__inline">
          <input
            id={`${id}-code`}
            name="verificationCode"
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-invalid={errors.verificationCode ? true : undefined}
            aria-describedby={errors.verificationCode ? `${id}-code-error` : undefined}
          />
          <SmsCodeButton purpose="noLogin" target={mobileTarget} />
        </div>
        {errors.verificationCode ? (
          <p id={`${id}-code-error`} className="field__error">
            {errors.verificationCode}
          </p>
        ) : null}
      </div>
      <div className="login-form__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {t('auth.login')}
        </button>
      </div>
      {message ? (
        <p className="login-form__note" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}
