import type { CountryCode } from '@lotus/contracts/system';
import * as Tabs from '@radix-ui/react-tabs';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { catalogueText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { flagEmoji } from '../../../lib/format.ts';
import './auth.css';

export type RegisterFeatures = {
  usernameRegistration: boolean;
  mobileRegistration: boolean;
  mobileVerification: boolean;
};

type Method = 'register' | 'registerMobile';
type Errors = Record<string, string>;

/**
 * The register modal of spec §2: user-register and mobile-register tabs (each per its flag),
 * banner, form, reset, login link and the user-agreement link. Field rules come from the server's
 * registration settings, which arrive with the accounts issue together with submission; until then
 * the form checks the always-required fields of spec §5 and says registration is not open yet.
 */
export function RegisterModal({
  open,
  onOpenChange,
  brandName,
  features,
  countryCodes,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  brandName: string;
  features: RegisterFeatures;
  countryCodes: CountryCode[];
}) {
  const { t } = useTranslation();
  useErrorCatalogue();
  const id = useId();
  const methods: Method[] = [];
  if (features.usernameRegistration) methods.push('register');
  if (features.mobileRegistration) methods.push('registerMobile');
  if (methods.length === 0) methods.push('register');
  const [method, setMethod] = useState<Method>(methods[0]!);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    const next: Errors = {};
    if (method === 'register' && !value('username')) next.username = t('auth.usernameRequired');
    if (method === 'registerMobile' && !value('mobileNum')) next.mobileNum = t('auth.mobileRequired');
    if (method === 'registerMobile' && features.mobileVerification && !value('verificationCode'))
      next.verificationCode = t('auth.codeRequired');
    if (!value('password')) next.password = t('auth.passwordRequired');
    else if (value('password') !== value('confirmPassword'))
      next.confirmPassword = catalogueText('password_not_match');
    if (!data.get('agree')) next.agree = t('register.agreeRequired');
    setErrors(next);
    setPending(Object.keys(next).length === 0);
  };

  const field = (name: string, label: string, type = 'text', autoComplete = 'off') => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        className="input"
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

  const form = (kind: Method) => (
    <form
      className="register-form"
      onSubmit={submit}
      onReset={() => {
        setErrors({});
        setPending(false);
      }}
      noValidate
    >
      {kind === 'register' ? (
        field('username', t('auth.username'), 'text', 'username')
      ) : (
        <div className="field-row">
          <div className="field field--narrow">
            <label className="field__label" htmlFor={`${id}-dial`}>
              {t('register.countryCode')}
            </label>
            <select id={`${id}-dial`} name="countryDialingCode" className="input">
              {countryCodes.map((country) => (
                <option key={country.countryCode} value={country.countryDialingCode}>
                  {`${flagEmoji(country.countryCode)} +${country.countryDialingCode}`}
                </option>
              ))}
            </select>
          </div>
          {field('mobileNum', t('auth.mobile'), 'tel', 'tel-national')}
        </div>
      )}
      {kind === 'registerMobile' && features.mobileVerification
        ? field('verificationCode', t('auth.smsCode'), 'text', 'one-time-code')
        : null}
      {field('password', t('auth.password'), 'password', 'new-password')}
      {field('confirmPassword', t('register.confirmPassword'), 'password', 'new-password')}
      <div className="field field--check">
        <input id={`${id}-agree`} name="agree" type="checkbox" defaultChecked />
        <label htmlFor={`${id}-agree`}>
          {t('register.agreePrefix')}{' '}
          <Link to={paths.help.to('terms')} onClick={() => onOpenChange(false)}>
            {t('register.agreement')}
          </Link>
        </label>
        {errors.agree ? <p className="field__error">{errors.agree}</p> : null}
      </div>
      <div className="register-form__actions">
        <button type="reset" className="button button--ghost">
          {t('register.reset')}
        </button>
        <button type="submit" className="button button--primary">
          {t('auth.register')}
        </button>
      </div>
      {pending ? (
        <p className="login-form__note" role="status">
          {t('register.pending')}
        </p>
      ) : null}
      <p className="register-form__login">
        {t('register.haveAccount')}{' '}
        <Link to={paths.login.to()} onClick={() => onOpenChange(false)}>
          {t('auth.login')}
        </Link>
      </p>
    </form>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('register.title')}
      size="md"
      testId="register-modal"
    >
      <div className="register-banner" aria-hidden="true">
        <span className="register-banner__brand">{brandName}</span>
        <span className="register-banner__tag">{t('register.bannerTag')}</span>
      </div>
      <Tabs.Root
        value={method}
        onValueChange={(value) => {
          setMethod(value === 'registerMobile' ? 'registerMobile' : 'register');
          setErrors({});
          setPending(false);
        }}
      >
        <Tabs.List className="tabs" aria-label={t('register.method')}>
          {methods.map((kind) => (
            <Tabs.Trigger key={kind} className="tabs__trigger" value={kind}>
              {kind === 'register' ? t('register.byUsername') : t('register.byMobile')}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {methods.map((kind) => (
          <Tabs.Content key={kind} value={kind} className="tabs__panel">
            {method === kind ? form(kind) : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Dialog>
  );
}
