import type { RegisterSettings } from '@lotus/contracts/accounts';
import { fieldProblemMessage, validateRegistrationField } from '@lotus/contracts/registration';
import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AlertDialog } from '../../../components/ui/AlertDialog.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { FieldError } from '../../../components/ui/FieldError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, catalogueText, errorText, fieldErrorTexts } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { solveHumanCheck } from '../../../lib/human-check.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { closeModal, openModal } from '../../../lib/modals.ts';
import { checkAffiliate, useAffiliateCheck } from '../api/check-affiliate.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { type RegisterMethod, register } from '../api/register.ts';
import { completeLogin } from '../lib/complete-login.ts';
import type { AuthEnvironment } from '../types/environment.ts';
import { ExternalSignIn } from './ExternalSignIn.tsx';
import { MobileField } from './MobileField.tsx';
import { ModalBanner } from './ModalBanner.tsx';
import { SmsCodeButton } from './SmsCodeButton.tsx';
import './auth.css';

type Errors = Record<string, string>;

/** Optional fields of the form, in display order; each shows only when the brand enables it. */
const OPTIONAL_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'paymentPassword',
] as const;
/**
 * Spec §5: always required when shown. In the user-register tab the mobile number follows the
 * brand's config instead (the server treats it as optional there), and its SMS code is needed
 * only once a number is typed.
 */
const ALWAYS_REQUIRED = ['username', 'password', 'mobileNum', 'verificationCode'];

function isRequired(settings: RegisterSettings, name: string, method: RegisterMethod, mobileTyped: boolean) {
  if (name === 'confirmPassword') return true;
  const config = settings.fields[name];
  if (method === 'register' && name === 'mobileNum') return !!config?.required;
  if (method === 'register' && name === 'verificationCode') return mobileTyped;
  return ALWAYS_REQUIRED.includes(name) || !!config?.required;
}

/** The affiliate code the visitor arrived with (?affiliateCode= or ?code=). */
export function urlAffiliateCode(search: string): string | null {
  const params = new URLSearchParams(search);
  return (params.get('affiliateCode') ?? params.get('code') ?? '').trim() || null;
}

/** A member's referral code the visitor arrived with (?referralCode=, the invite-friends link). */
export function urlReferralCode(search: string): string | null {
  const code = (new URLSearchParams(search).get('referralCode') ?? '').trim();
  return code !== '' && code.length <= 32 ? code : null;
}

/**
 * The fields of one tab from the brand's settings (spec §5): only enabled fields, in form order.
 */
export function visibleFields(
  settings: RegisterSettings,
  method: RegisterMethod,
  affiliateFieldShown: boolean,
): string[] {
  const on = (name: string) => settings.fields[name]?.enabled ?? false;
  const fields: string[] = [];
  if (method === 'register') {
    fields.push('username', 'password', 'confirmPassword');
    if (on('mobileNum')) fields.push('mobileNum');
    if (on('mobileNum') && settings.smsVerification) fields.push('verificationCode');
  } else {
    fields.push('mobileNum');
    if (settings.smsVerification) fields.push('verificationCode');
    if (settings.mobilePassword) fields.push('password', 'confirmPassword');
  }
  for (const name of OPTIONAL_FIELDS) if (on(name)) fields.push(name);
  if (affiliateFieldShown && on('affiliateCode')) fields.push('affiliateCode');
  return fields;
}

/** One field's first problem, translated, or null (shared validator of @lotus/contracts). */
export function checkField(
  settings: RegisterSettings,
  name: string,
  value: string,
  values: Record<string, string>,
  shown: readonly string[],
  method: RegisterMethod = 'register',
): string | null {
  if (name === 'confirmPassword') {
    if (!value.trim()) return fieldProblemMessage({ key: 'validation.required' }, currentLanguage());
    return value.trim() === (values.password ?? '').trim() ? null : catalogueText('password_not_match');
  }
  const config = settings.fields[name];
  if (!config) return null;
  const required = isRequired(settings, name, method, !!(values.mobileNum ?? '').trim());
  const problem = validateRegistrationField(value, { ...config, enabled: shown.includes(name), required });
  return problem ? fieldProblemMessage(problem, currentLanguage()) : null;
}

/** Field labels written out so the extractor sees every key. */
function fieldLabel(t: TFunction, name: string): string {
  switch (name) {
    case 'username':
      return t('auth.username');
    case 'password':
      return t('auth.password');
    case 'confirmPassword':
      return t('register.confirmPassword');
    case 'verificationCode':
      return t('auth.smsCode');
    case 'payeeName':
      return t('register.payeeName');
    case 'email':
      return t('register.email');
    case 'qqNum':
      return t('register.qqNum');
    case 'line':
      return t('register.line');
    case 'whatsapp':
      return t('register.whatsapp');
    case 'facebook':
      return t('register.facebook');
    case 'wechat':
      return t('register.wechat');
    case 'idNumber':
      return t('register.idNumber');
    case 'recommenderId':
      return t('register.recommenderId');
    case 'paymentPassword':
      return t('register.paymentPassword');
    default:
      return t('register.affiliateCode');
  }
}

function RegisterForm({
  method,
  settings,
  env,
  affiliate,
  invitedBy = null,
}: {
  method: RegisterMethod;
  settings: RegisterSettings;
  env: AuthEnvironment;
  affiliate: { fromUrl: string | null; fieldShown: boolean };
  /** The referral code of the invite-friends link (?referralCode=), sent with the form. */
  invitedBy?: string | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [stage, setStage] = useState<'idle' | 'check' | 'send'>('idle');
  const [invalidCode, setInvalidCode] = useState(false);
  const shown = visibleFields(settings, method, affiliate.fieldShown);
  // A field's blur check that happens while a button is pressed waits for the release: the error
  // line changing between press and release would move the button and lose the click.
  const pressing = useRef(false);
  const pendingCheck = useRef<(() => void) | null>(null);
  useEffect(() => {
    const release = () => {
      pressing.current = false;
      const check = pendingCheck.current;
      pendingCheck.current = null;
      if (check) window.setTimeout(check, 0);
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    return () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
    };
  }, []);

  const readValues = (): Record<string, string> => {
    const data = new FormData(form.current ?? undefined);
    const values: Record<string, string> = {};
    for (const [key, value] of data.entries()) if (typeof value === 'string') values[key] = value.trim();
    return values;
  };

  const blur = (name: string) => () => {
    const values = readValues();
    const problem = checkField(settings, name, values[name] ?? '', values, shown, method);
    const apply = () =>
      setErrors((current) => {
        const next = { ...current };
        if (problem) next[name] = problem;
        else delete next[name];
        return next;
      });
    if (pressing.current) pendingCheck.current = apply;
    else apply();
  };

  const mobileTarget = () => {
    const values = readValues();
    const problem =
      checkField(settings, 'mobileNum', values.mobileNum ?? '', values, shown, method) ??
      (values.mobileNum ? null : fieldProblemMessage({ key: 'validation.required' }, currentLanguage()));
    setErrors((current) => {
      const next = { ...current };
      if (problem) next.mobileNum = problem;
      else delete next.mobileNum;
      return next;
    });
    return problem
      ? null
      : { mobileNum: values.mobileNum ?? '', countryDialingCode: values.countryDialingCode ?? '' };
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (stage !== 'idle') return;
    const values = readValues();
    const next: Errors = {};
    for (const name of shown) {
      const problem = checkField(settings, name, values[name] ?? '', values, shown, method);
      if (problem) next[name] = problem;
    }
    if (!values.birthday) next.birthday = catalogueText('birth_date_invalid');
    if (values.agree !== 'on') next.agree = t('register.agreeRequired');
    setErrors(next);
    setMessage(null);
    if (Object.keys(next).length > 0) return;

    const fields: Record<string, string> = {};
    for (const name of shown) if (values[name]) fields[name] = values[name]!;
    if (shown.includes('mobileNum') && values.mobileNum)
      fields.countryDialingCode = values.countryDialingCode ?? '';
    if (!affiliate.fieldShown && affiliate.fromUrl) fields.affiliateCode = affiliate.fromUrl;
    if (invitedBy) fields.referralCode = invitedBy;
    // The brand's minimum age is checked on the server (age_below_18 / age_below_21 on `birthday`).
    if (values.birthday) fields.birthday = values.birthday;
    try {
      setStage('check');
      if (affiliate.fieldShown && fields.affiliateCode) {
        const check = await checkAffiliate(fields.affiliateCode);
        if (!check.valid) {
          setInvalidCode(true);
          return;
        }
      }
      const humanCheck = await solveHumanCheck();
      setStage('send');
      const result = await register(method, { ...fields, humanCheck });
      await completeLogin(result, queryClient, 'register');
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === 'invitation_code_error') {
        setInvalidCode(true);
        return;
      }
      const fieldTexts = fieldErrorTexts(error);
      setErrors(fieldTexts);
      setMessage(Object.keys(fieldTexts).length > 0 ? null : errorText(error));
    } finally {
      setStage('idle');
    }
  };

  const input = (name: string) => {
    const type = name.toLowerCase().includes('password') ? 'password' : name === 'email' ? 'email' : 'text';
    const autoComplete =
      name === 'username'
        ? 'username'
        : type === 'password'
          ? 'new-password'
          : name === 'email'
            ? 'email'
            : 'off';
    return (
      <div className="field" key={name}>
        <div className="field__label-row">
          <label className="field__label" htmlFor={`${id}-${name}`}>
            {fieldLabel(t, name)}
          </label>
          {isRequired(settings, name, method, false) ? (
            <span className="field__required" aria-hidden="true">
              *
            </span>
          ) : null}
        </div>
        <div className={name === 'verificationCode' ? 'field__inline' : undefined}>
          <input
            id={`${id}-${name}`}
            name={name}
            type={type}
            className="input"
            autoComplete={autoComplete}
            inputMode={name === 'verificationCode' ? 'numeric' : undefined}
            defaultValue={name === 'affiliateCode' ? (affiliate.fromUrl ?? '') : undefined}
            onBlur={blur(name)}
            aria-invalid={errors[name] ? true : undefined}
            aria-required={isRequired(settings, name, method, false) || undefined}
            aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
          />
          {name === 'verificationCode' ? <SmsCodeButton purpose="register" target={mobileTarget} /> : null}
        </div>
        <FieldError id={`${id}-${name}-error`} error={errors[name]} reserve />
      </div>
    );
  };

  return (
    <form
      ref={form}
      className="register-form"
      onSubmit={submit}
      onPointerDown={() => {
        pressing.current = true;
      }}
      onReset={() => {
        setErrors({});
        setMessage(null);
      }}
      noValidate
      aria-busy={stage !== 'idle'}
    >
      {invitedBy ? (
        <p className="register-form__referral" data-testid="register-referral">
          {t('referrals.invitedWith', { code: invitedBy })}
        </p>
      ) : null}
      {shown.map((name) =>
        name === 'mobileNum' ? (
          <MobileField
            key={name}
            id={id}
            countryCodes={env.countryCodes}
            defaultCountry={env.defaultCountry}
            error={errors.mobileNum}
            reserveError
            onBlur={() => blur('mobileNum')()}
          />
        ) : (
          input(name)
        ),
      )}
      <div className="field">
        <div className="field__label-row">
          <label className="field__label" htmlFor={`${id}-birthday`}>
            {t('register.birthDate')}
          </label>
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </div>
        <input
          id={`${id}-birthday`}
          name="birthday"
          type="date"
          className="input"
          autoComplete="bday"
          max={new Date().toISOString().slice(0, 10)}
          min="1900-01-01"
          required
          aria-invalid={errors.birthday ? true : undefined}
          aria-describedby={errors.birthday ? `${id}-birthday-error` : undefined}
        />
        <FieldError id={`${id}-birthday-error`} error={errors.birthday} reserve />
      </div>
      <div className="field field--check">
        <input id={`${id}-agree`} name="agree" type="checkbox" defaultChecked />
        <label htmlFor={`${id}-agree`}>
          {t('register.agreePrefix')}{' '}
          <Link to={paths.help.to('terms')} onClick={() => closeModal()}>
            {t('register.agreement')}
          </Link>
        </label>
        <FieldError error={errors.agree} reserve />
      </div>
      <div className="register-form__actions">
        <button type="reset" className="button button--ghost">
          {t('register.reset')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={stage !== 'idle'}
          data-testid="register-submit"
        >
          {t('auth.register')}
        </button>
      </div>
      {stage === 'check' ? (
        <p className="login-form__note" role="status">
          {t('auth.humanCheckRunning')}
        </p>
      ) : null}
      {message ? (
        <p className="login-form__note" role="alert">
          {message}
        </p>
      ) : null}
      <p className="register-form__login">
        {t('register.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => openModal({ name: 'login' })}>
          {t('auth.login')}
        </button>
      </p>
      <AlertDialog
        open={invalidCode}
        onOpenChange={setInvalidCode}
        title={t('register.affiliateCode')}
        testId="invitation-code-error"
      >
        {catalogueText('invitation_code_error')}
      </AlertDialog>
    </form>
  );
}

/**
 * registerModal (spec §2): user-register and mobile-register tabs per flags, banner, the form built
 * from GET /wps/system/setting/register, reset, login link and the user-agreement link to /help.
 */
export function RegisterModal({ env, onClose }: { env: AuthEnvironment; onClose: () => void }) {
  const { t } = useTranslation();
  useErrorCatalogue();
  const location = useLocation();
  const settings = useRegisterSettings();
  const fromUrl = urlAffiliateCode(location.search);
  const affiliateCheck = useAffiliateCheck(fromUrl);
  const methods: RegisterMethod[] = [];
  if (settings.data?.usernameRegistration ?? env.usernameRegistration) methods.push('register');
  if (settings.data?.mobileRegistration ?? env.mobileRegistration) methods.push('registerMobile');
  if (methods.length === 0) methods.push('register');
  const [method, setMethod] = useState<RegisterMethod>(methods[0]!);
  // Shown when the URL has no code or its check fails; hidden when the check succeeds (spec §4).
  const fieldShown = !fromUrl || affiliateCheck.isError || affiliateCheck.data?.valid === false;
  const waiting = settings.isPending || (!!fromUrl && affiliateCheck.isPending);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('register.title')}
      size="md"
      testId="register-modal"
      closeOnOutsideClick={false}
    >
      <ModalBanner brandName={env.brandName} tag={t('register.bannerTag')} />
      {waiting ? (
        <Spinner />
      ) : settings.isError || !settings.data ? (
        <p className="login-form__note" role="alert">
          {errorText(settings.error)}
        </p>
      ) : (
        <Tabs.Root
          value={method}
          onValueChange={(value) => setMethod(value === 'registerMobile' ? 'registerMobile' : 'register')}
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
              {method === kind ? (
                <RegisterForm
                  method={kind}
                  settings={settings.data}
                  env={env}
                  affiliate={{ fromUrl, fieldShown }}
                  invitedBy={urlReferralCode(location.search)}
                />
              ) : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
      <ExternalSignIn providers={env.externalProviders ?? []} />
    </Dialog>
  );
}
