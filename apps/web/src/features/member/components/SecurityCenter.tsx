import type { MemberInfo } from '@lotus/contracts/accounts';
import type { CountryCode } from '@lotus/contracts/system';
import { IMAGE_UPLOAD_RULES, imageSizeAccepted } from '@lotus/contracts/uploads';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, TextField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText, fieldErrorTexts } from '../../../lib/api-error.ts';
import { defaultDialCode } from '../../../lib/country.ts';
import { flagEmoji } from '../../../lib/format.ts';
import { useMemberInfo } from '../../../lib/member-data.ts';
import { openModal } from '../../../lib/modals.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useBindEmail } from '../api/bind-email.ts';
import { sendBindSms, useBindMobile } from '../api/bind-mobile.ts';
import { useSetFundsPassword } from '../api/funds-password.ts';
import { useAvatar } from '../api/get-avatar.ts';
import { useProfileRules } from '../api/get-profile-rules.ts';
import { useSetAvatar } from '../api/set-avatar.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

const STATIC_AVATARS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'];
const AVATAR_COLOURS = [
  '#e85d75',
  '#f08c3a',
  '#e8c547',
  '#5cc26e',
  '#3bb4c1',
  '#4d7cf0',
  '#8b5cf6',
  '#d05ce3',
];
/** Profile fields of spec §3 a member edits here (nickname always; the rest as the brand allows). */
const PROFILE_FIELDS = [
  'payeeName',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'idNumber',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'incomeSource',
  'placeOfBirth',
] as const;
/** Set once, then only customer service changes them. */
const WRITE_ONCE = ['payeeName', 'idNumber'];

/** A titled section of the security centre. */
function SecuritySection({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <section className="security-section" aria-labelledby={`${name}-title`}>
      <h3 id={`${name}-title`} className="security-section__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A form's submit button on its own line. */
function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <div>
      <button type="submit" className="button button--primary" disabled={pending}>
        {children}
      </button>
    </div>
  );
}

/** A password input (`autoComplete` says which: the current login password unless told). */
function PasswordField({
  id,
  name = 'password',
  label,
  autoComplete = 'current-password',
  error,
}: {
  id: string;
  name?: string;
  label: string;
  autoComplete?: string;
  error?: string;
}) {
  return (
    <TextField id={id} name={name} label={label} type="password" autoComplete={autoComplete} error={error} />
  );
}

/** A form's field errors and status line: `saved` on success, `failed` shows the API's error. */
function useFormFeedback() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);
  const saved = () => setStatus({ ok: true, text: t('member.saved') });
  const failed = (error: unknown) => {
    setErrors(fieldErrorTexts(error));
    setStatus({ ok: false, text: errorText(error) });
  };
  return { errors, setErrors, status, setStatus, saved, failed };
}

function AvatarSection() {
  const { t } = useTranslation();
  const avatar = useAvatar();
  const setAvatar = useSetAvatar();
  const { status, setStatus, saved } = useFormFeedback();
  const current = avatar.data;

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (!(IMAGE_UPLOAD_RULES.types as readonly string[]).includes(file.type)) {
      setStatus({ ok: false, text: t('member.avatarType') });
      return;
    }
    if (!imageSizeAccepted(file.size)) {
      setStatus({ ok: false, text: t('member.avatarSize') });
      return;
    }
    setAvatar.mutate(
      { file },
      { onSuccess: saved, onError: (error) => setStatus({ ok: false, text: errorText(error) }) },
    );
  };

  return (
    <SecuritySection name="avatar" title={t('member.avatar')}>
      <div className="security-section__row">
        {current?.avatarType === 'CUSTOM' ? (
          <img className="avatar-current" src={current.avatar} alt={t('member.avatar')} />
        ) : null}
        <fieldset className="avatar-grid">
          <legend className="visually-hidden">{t('member.avatarChoices')}</legend>
          {STATIC_AVATARS.map((choice) => (
            <button
              key={choice}
              type="button"
              className="avatar-choice"
              style={{ background: AVATAR_COLOURS[Number(choice) % AVATAR_COLOURS.length] }}
              aria-pressed={current?.avatarType === 'STATIC' && current.avatar === choice}
              aria-label={t('member.avatarN', { n: Number(choice) + 1 })}
              onClick={() =>
                setAvatar.mutate(
                  { staticId: choice },
                  { onError: (error) => setStatus({ ok: false, text: errorText(error) }) },
                )
              }
            >
              {Number(choice) + 1}
            </button>
          ))}
        </fieldset>
        <label className="button button--ghost">
          {t('member.avatarUpload')}
          <input
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            onChange={(event) => upload(event.currentTarget.files?.[0])}
          />
        </label>
      </div>
      <StatusLine status={status} className="login-form__note" />
    </SecuritySection>
  );
}

function ProfileSection({ info }: { info: MemberInfo }) {
  const { t } = useTranslation();
  const id = useId();
  const rules = useProfileRules();
  const update = useUpdateProfile();
  const { errors, setErrors, status, saved, failed } = useFormFeedback();
  const allowed = PROFILE_FIELDS.filter((field) => rules.data?.fields[field]?.enabled ?? false);
  const labels: Record<string, string> = {
    payeeName: t('register.payeeName'),
    qqNum: t('register.qqNum'),
    line: t('register.line'),
    whatsapp: t('register.whatsapp'),
    facebook: t('register.facebook'),
    wechat: t('register.wechat'),
    telegram: t('member.telegram'),
    zalo: t('member.zalo'),
    idNumber: t('register.idNumber'),
    birthday: t('member.birthday'),
    address: t('member.address'),
    nationality: t('member.nationality'),
    occupation: t('member.occupation'),
    incomeSource: t('member.incomeSource'),
    placeOfBirth: t('member.placeOfBirth'),
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: Record<string, string> = {};
    for (const [key, value] of data.entries()) if (typeof value === 'string') body[key] = value.trim();
    for (const field of WRITE_ONCE) if (info.profile[field]) delete body[field];
    for (const field of allowed) if (body[field] === '' && !info.profile[field]) delete body[field];
    setErrors({});
    update.mutate(body, { onSuccess: saved, onError: failed });
  };

  return (
    <SecuritySection name="profile" title={t('member.profile')}>
      <form className="login-form" onSubmit={submit} noValidate>
        <div className="security-profile">
          <TextField id={id} name="account" label={t('auth.username')} defaultValue={info.account} disabled />
          <TextField
            id={id}
            name="nickname"
            label={t('member.nickname')}
            defaultValue={info.nickname}
            error={errors.nickname}
          />
          {allowed.map((field) => (
            <TextField
              key={field}
              id={id}
              name={field}
              label={labels[field] ?? field}
              defaultValue={info.profile[field] ?? ''}
              error={errors[field]}
              disabled={WRITE_ONCE.includes(field) && !!info.profile[field]}
            />
          ))}
        </div>
        <SubmitButton pending={update.isPending}>{t('member.save')}</SubmitButton>
        <StatusLine status={status} className="login-form__note" />
      </form>
    </SecuritySection>
  );
}

function PasswordSection({ info }: { info: MemberInfo }) {
  const { t } = useTranslation();
  const id = useId();
  const funds = useSetFundsPassword();
  const { errors, setErrors, status, setStatus, saved, failed } = useFormFeedback();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    // The login password always (a session alone cannot change it), the old one when changing.
    const input = info.hasFundsPassword
      ? { password: value('password'), oldFundsPassword: value('oldFundsPassword') }
      : { password: value('password') };
    const next: Record<string, string> = {};
    for (const [key, v] of Object.entries(input)) if (!v) next[key] = t('password.required');
    if (!value('newFundsPassword')) next.newFundsPassword = t('password.required');
    if (value('confirmFundsPassword') !== value('newFundsPassword'))
      next.confirmFundsPassword = t('member.fundsMismatch');
    setErrors(next);
    setStatus(null);
    if (Object.keys(next).length > 0) return;
    funds.mutate(
      {
        ...input,
        newFundsPassword: value('newFundsPassword'),
        confirmFundsPassword: value('confirmFundsPassword'),
      },
      {
        onSuccess: () => {
          form.reset();
          saved();
        },
        onError: failed,
      },
    );
  };

  return (
    <SecuritySection name="password" title={t('member.passwords')}>
      <div className="security-section__row">
        <span>{t('member.loginPassword')}</span>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => openModal({ name: 'changePass' })}
          data-testid="open-change-password"
        >
          {t('password.changeTitle')}
        </button>
      </div>
      <form className="login-form" onSubmit={submit} noValidate aria-label={t('member.fundsPassword')}>
        <p className="field__label">
          {info.hasFundsPassword ? t('member.fundsChange') : t('member.fundsSet')}
        </p>
        <div className="security-profile">
          <PasswordField id={id} label={t('member.loginPassword')} error={errors.password} />
          {info.hasFundsPassword ? (
            <PasswordField
              id={id}
              name="oldFundsPassword"
              label={t('member.fundsOld')}
              autoComplete="off"
              error={errors.oldFundsPassword}
            />
          ) : null}
          {(['newFundsPassword', 'confirmFundsPassword'] as const).map((name) => (
            <PasswordField
              key={name}
              id={id}
              name={name}
              label={name === 'newFundsPassword' ? t('member.fundsNew') : t('member.fundsConfirm')}
              autoComplete="new-password"
              error={errors[name]}
            />
          ))}
        </div>
        <SubmitButton pending={funds.isPending}>{t('member.save')}</SubmitButton>
        <StatusLine status={status} className="login-form__note" />
      </form>
    </SecuritySection>
  );
}

function ContactSection({ info, countryCodes }: { info: MemberInfo; countryCodes: CountryCode[] }) {
  const { t } = useTranslation();
  const id = useId();
  const bindMobile = useBindMobile();
  const bindEmail = useBindEmail();
  const { remaining, start } = useCountdown();
  const { errors, setErrors, status, setStatus, saved, failed } = useFormFeedback();
  const [mobileForm, setMobileForm] = useState<HTMLFormElement | null>(null);

  const mobileValues = () => {
    const data = new FormData(mobileForm ?? undefined);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    return {
      mobileNum: value('mobileNum'),
      countryDialingCode: value('countryDialingCode'),
      verificationCode: value('verificationCode'),
      password: value('password'),
    };
  };

  const sendCode = async () => {
    const { mobileNum, countryDialingCode } = mobileValues();
    if (!/^\d{5,15}$/.test(mobileNum)) {
      setErrors({ mobileNum: mobileNum ? t('auth.mobileInvalid') : t('auth.mobileRequired') });
      return;
    }
    setErrors({});
    try {
      const { expiredMinutes } = await sendBindSms({ mobileNum, countryDialingCode });
      start(Math.max(1, expiredMinutes) * 60);
    } catch (error) {
      setStatus({ ok: false, text: errorText(error) });
    }
  };

  const submitMobile = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = mobileValues();
    const next: Record<string, string> = {};
    if (!input.mobileNum) next.mobileNum = t('auth.mobileRequired');
    if (!input.verificationCode) next.verificationCode = t('auth.codeRequired');
    if (!input.password) next.password = t('password.required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    bindMobile.mutate(input, { onSuccess: saved, onError: failed });
  };

  const submitEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('emailPassword') ?? '').trim();
    const next: Record<string, string> = {};
    if (!email) next.email = t('password.emailRequired');
    if (!password) next.emailPassword = t('password.required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    bindEmail.mutate({ email, password }, { onSuccess: saved, onError: failed });
  };

  return (
    <SecuritySection name="contact" title={t('member.contact')}>
      <p>
        {t('member.boundMobile')}: <strong>{info.mobile || t('member.notBound')}</strong>
      </p>
      <form ref={setMobileForm} className="login-form" onSubmit={submitMobile} noValidate>
        <div className="security-profile">
          <Field id={`${id}-dial`} label={t('register.countryCode')}>
            <select
              id={`${id}-dial`}
              name="countryDialingCode"
              className="input"
              defaultValue={defaultDialCode(countryCodes)}
              key={countryCodes.length}
            >
              {countryCodes.length === 0 ? <option value="60">+60</option> : null}
              {countryCodes.map((country) => (
                <option key={country.countryCode} value={country.countryDialingCode}>
                  {`${flagEmoji(country.countryCode)} +${country.countryDialingCode}`}
                </option>
              ))}
            </select>
          </Field>
          <TextField id={id} name="mobileNum" label={t('auth.mobile')} type="tel" error={errors.mobileNum} />
          <TextField
            id={id}
            name="verificationCode"
            label={t('auth.smsCode')}
            autoComplete="one-time-code"
            error={errors.verificationCode}
          />
          <PasswordField id={id} label={t('member.loginPassword')} error={errors.password} />
        </div>
        <div className="login-form__actions">
          <button type="button" className="button button--accent" onClick={sendCode} disabled={remaining > 0}>
            {remaining > 0 ? t('auth.smsResendIn', { seconds: remaining }) : t('auth.smsSend')}
          </button>
          <button type="submit" className="button button--primary" disabled={bindMobile.isPending}>
            {info.mobile ? t('member.changeMobile') : t('member.bindMobile')}
          </button>
        </div>
      </form>
      <p>
        {t('member.boundEmail')}: <strong>{info.email || t('member.notBound')}</strong>
      </p>
      <form className="login-form" onSubmit={submitEmail} noValidate>
        <div className="security-profile">
          <TextField
            id={id}
            name="email"
            label={t('register.email')}
            type="email"
            autoComplete="email"
            error={errors.email}
          />
          <PasswordField
            id={id}
            name="emailPassword"
            label={t('member.loginPassword')}
            error={errors.emailPassword ?? errors.password}
          />
        </div>
        <SubmitButton pending={bindEmail.isPending}>
          {info.email ? t('member.changeEmail') : t('member.bindEmail')}
        </SubmitButton>
      </form>
      <StatusLine status={status} className="login-form__note" />
    </SecuritySection>
  );
}

/** securityCenter (my account): avatar, profile, passwords, bound mobile and e-mail. */
export function SecurityCenter({ countryCodes }: { countryCodes: CountryCode[] }) {
  const info = useMemberInfo();
  if (info.isPending) return <Spinner />;
  if (!info.data)
    return (
      <p className="login-form__note" role="alert">
        {errorText(info.error)}
      </p>
    );
  return (
    <div data-testid="security-center">
      <AvatarSection />
      <ProfileSection info={info.data} />
      <PasswordSection info={info.data} />
      <ContactSection info={info.data} countryCodes={countryCodes} />
    </div>
  );
}
