import { type Static, Type } from 'typebox';
import { ApiHeaders } from './envelope.ts';
import { RegistrationFieldConfig } from './registration.ts';

/**
 * Wire schemas of the account calls (issue 3): registration, login, sessions, passwords and the
 * member's own account. Calls marked E in platform-spec.md §7 send these payloads sealed with
 * crypto-envelope.ts; the shapes below are the decrypted JSON.
 */

export {
  AGENT_KINDS,
  AGENT_TYPES,
  isAgentType,
  MEMBER_TYPE,
  TRIAL_TYPE,
} from './account-kinds.ts';

/** Fields of the registration form (spec §3) that the brand configures one by one. */
export const REGISTRATION_FIELDS = [
  'username',
  'password',
  'mobileNum',
  'verificationCode',
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'affiliateCode',
  'recommenderId',
  'paymentPassword',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** GET /wps/publicKey value: the server's RSA-OAEP-256 public key for the E calls. */
export const PublicKeyInfo = Type.Object({
  publicKey: Type.String({ description: 'SPKI PEM' }),
  algorithm: Type.String(),
});

/** GET /wps/system/setting/register value. */
export const RegisterSettings = Type.Object({
  fields: Type.Record(Type.String(), RegistrationFieldConfig),
  usernameRegistration: Type.Boolean(),
  mobileRegistration: Type.Boolean(),
  /** An SMS code is required when registering (REGMOBVERF3). */
  smsVerification: Type.Boolean(),
  /** Mobile registration also asks for a password (MOBILENUMPASSREG3). */
  mobilePassword: Type.Boolean(),
  directRegistration: Type.Boolean(),
  /** Minutes an SMS code stays valid; the SMS button counts down expiredMinutes x 60 s. */
  smsExpiredMinutes: Type.Integer(),
});
export type RegisterSettings = Static<typeof RegisterSettings>;

const Text = (max = 128) => Type.String({ maxLength: max });
const Opt = (max = 128) => Type.Optional(Text(max));

/** GET /wps/system/humanCheck value: an ALTCHA challenge for the widget (proof of work). */
export const HumanCheckChallenge = Type.Object({
  parameters: Type.Record(Type.String(), Type.Unknown()),
  signature: Type.Optional(Type.String()),
});

/** Submit-time extras of spec §3 (login=true, registerUrl, registerMethod=WEB). */
const RegisterCommon = {
  confirmPassword: Opt(64),
  payeeName: Opt(),
  email: Opt(254),
  qqNum: Opt(),
  line: Opt(),
  whatsapp: Opt(),
  facebook: Opt(),
  wechat: Opt(),
  idNumber: Opt(),
  affiliateCode: Opt(64),
  recommenderId: Opt(64),
  paymentPassword: Opt(64),
  verificationCode: Opt(16),
  domain: Opt(255),
  /** The ALTCHA widget's base64 payload (single use). */
  humanCheck: Text(8192),
  login: Type.Optional(Type.Boolean()),
  registerUrl: Opt(2048),
  registerMethod: Type.Optional(Type.String({ maxLength: 16 })),
  loginDeviceId: Opt(64),
  /** A member's referral code (invite friends): the new member becomes the referrer's invitation. */
  referralCode: Opt(32),
  /** Date of birth, YYYY-MM-DD: checked against the brand's minimum age (18 or 21) on the server. */
  birthday: Opt(10),
};

/** PUT /wps/member/register (E). */
export const RegisterByUsernameBody = Type.Object({
  username: Text(64),
  password: Text(64),
  mobileNum: Opt(32),
  countryDialingCode: Opt(8),
  ...RegisterCommon,
});
export type RegisterByUsernameBody = Static<typeof RegisterByUsernameBody>;

/** PUT /wps/member/register/mobile (E). The username is generated from the number. */
export const RegisterByMobileBody = Type.Object({
  mobileNum: Text(32),
  countryDialingCode: Text(8),
  password: Opt(64),
  ...RegisterCommon,
});
export type RegisterByMobileBody = Static<typeof RegisterByMobileBody>;

/** Login result (wire-protocol.md) plus isAgent and the forced-change flag. */
export const LoginResult = Type.Object({
  token: Type.String(),
  id: Type.String(),
  userName: Type.String(),
  /** MEMBER, AGENT or TRIAL. */
  customerType: Type.String(),
  isAgent: Type.Integer(),
  firstTimeLogin: Type.Boolean(),
  /** Expired password with PWDEXPFORCECHANGE3 (never after SMS or external sign-in). */
  passwordExpired: Type.Boolean(),
  /** A default password set by an operator or upline: the change-password modal must open. */
  mustChangePassword: Type.Boolean(),
  /** The member's stored UI language ('' when never chosen): the site switches to it after login. */
  language: Type.String(),
});
export type LoginResult = Static<typeof LoginResult>;

/** POST /wps/session/login (E). */
export const LoginBody = Type.Object({
  type: Type.Optional(Type.Union([Type.Literal('username'), Type.Literal('sms')])),
  username: Opt(64),
  password: Opt(64),
  /** type sms: the mobile number with its dialing code and the code from /wps/verification/sms/noLogin. */
  mobileNum: Opt(32),
  countryDialingCode: Opt(8),
  verificationCode: Opt(16),
  /** Image captcha answer and the id from GET /wps/captcha, once the brand asks for it. */
  captcha: Opt(16),
  captchaId: Opt(64),
  loginDeviceId: Opt(64),
});
export type LoginBody = Static<typeof LoginBody>;

/** POST /wps/session/login/verification (E): completes a login from a new IP. */
export const LoginVerificationBody = Type.Object({
  username: Text(64),
  password: Text(64),
  verificationCode: Text(16),
  loginDeviceId: Opt(64),
});

/** POST /wps/session/login/freeplay. */
export const FreePlayBody = Type.Object({
  /** Date of birth, YYYY-MM-DD: the brand's minimum age holds for trial accounts too (issue 25). */
  birthday: Opt(10),
  os: Opt(32),
  platform: Opt(8),
  random: Opt(256),
  version: Type.Optional(Type.Union([Type.String({ maxLength: 8 }), Type.Integer()])),
});

/** GET /wps/captcha value: a PNG as base64 (no data: prefix) and the id to send back with the answer. */
export const CaptchaImage = Type.Object({ captchaId: Type.String(), image: Type.String() });

/** POST /wps/verification/sms/register and /noLogin. */
export const SmsRequestBody = Type.Object({
  mobileNum: Opt(32),
  /** Alias used by the register form. */
  mobileNo: Opt(32),
  countryDialingCode: Text(8),
  humanCheck: Opt(8192),
});
export const SmsSent = Type.Object({ expiredMinutes: Type.Integer() });

/** GET /wps/agent/affiliate?code&domain value. */
export const AffiliateCheck = Type.Object({ valid: Type.Boolean(), code: Type.String() });

/** POST /wps/member/password (T, E). */
export const ChangePasswordBody = Type.Object({
  oldPassword: Text(64),
  newPassword: Text(64),
  confirmNewPassword: Text(64),
});

/** POST /wps/member/password/email: success message is the in_been_out text. */
export const ForgotByEmailBody = Type.Object({ username: Text(64), email: Text(254) });
export const MessageResult = Type.Object({ message: Type.String() });

/** POST /wps/member/password/reset: sets a new password from the emailed link token. */
export const ResetPasswordBody = Type.Object({
  token: Text(128),
  newPassword: Text(64),
  confirmNewPassword: Text(64),
});

/** POST /wps/member/password/verification (E, CHNGPASSVERIF3): logs in on success. */
export const ForgotByPhoneBody = Type.Object({
  mobileNum: Text(32),
  countryDialingCode: Text(8),
  verificationCode: Text(16),
  newPassword: Text(64),
  confirmNewPassword: Opt(64),
});

/** POST /wps/member/fundsPassword (T, E): always the login password, and the old one when changing. */
export const FundsPasswordBody = Type.Object({
  password: Text(64),
  oldFundsPassword: Opt(64),
  newFundsPassword: Text(64),
  confirmFundsPassword: Text(64),
});
export const FundsPasswordResult = Type.Object({ hasFundsPassword: Type.Boolean() });

/** GET /wps/member/info value (wire-protocol.md) plus the member's own settings. */
export const MemberInfo = Type.Object({
  id: Type.String(),
  account: Type.String(),
  nickname: Type.String(),
  /** isAgent value. */
  type: Type.Integer(),
  toUpline: Type.String(),
  regDate: Type.Integer(),
  mobile: Type.String(),
  email: Type.String(),
  clubLabel: Type.Object({ labelName: Type.String(), rankLevel: Type.Integer() }),
  memberLabel: Type.Array(Type.String()),
  language: Type.String(),
  hasFundsPassword: Type.Boolean(),
  profile: Type.Record(Type.String(), Type.String()),
});
export type MemberInfo = Static<typeof MemberInfo>;

export const AVATAR_TYPES = ['STATIC', 'CUSTOM'] as const;
/** STATIC avatars the site ships, by id. */
export const STATIC_AVATARS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'] as const;
/** Avatar value: a STATIC id, or for CUSTOM the path of the uploaded image. */
export const Avatar = Type.Object({ avatar: Type.String(), avatarType: Type.Enum(AVATAR_TYPES) });
export const SetStaticAvatarBody = Type.Object({
  avatar: Type.String({ maxLength: 8 }),
  avatarType: Type.Optional(Type.Literal('STATIC')),
});

/** Editable profile fields (spec §3, "other profile labels" and register fields). */
export const PROFILE_FIELDS = [
  'nickname',
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
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export const UpdateProfileBody = Type.Partial(
  Type.Object(
    Object.fromEntries(PROFILE_FIELDS.map((f) => [f, Text(128)])) as Record<
      ProfileField,
      ReturnType<typeof Text>
    >,
  ),
);

/** POST /wps/verification/sms/bind (T) then PUT /wps/member/mobile (T). */
export const BindMobileBody = Type.Object({
  mobileNum: Text(32),
  countryDialingCode: Text(8),
  verificationCode: Text(16),
  /** The login password: a session alone cannot change a recovery channel. */
  password: Text(64),
});
export const BindEmailBody = Type.Object({ email: Text(254), password: Text(64) });

/** Success texts the server answers in `message` (translated per Language like the errors). */
const SUCCESS_TEXTS = {
  in_been_out: {
    EN: 'A password reset link has been sent to your email. Please check your inbox.',
    MS: 'Pautan tetapan semula kata laluan telah dihantar ke e-mel anda. Sila semak peti masuk anda.',
    CN: '密码重置链接已发送到您的邮箱，请查收。',
  },
} as const;
export type SuccessMessageKey = keyof typeof SUCCESS_TEXTS;

export function successMessage(key: SuccessMessageKey, language?: string | null): string {
  const lang = (language ?? '').toUpperCase();
  const texts = SUCCESS_TEXTS[key];
  return lang === 'MS' ? texts.MS : lang === 'CN' ? texts.CN : texts.EN;
}

/** Headers of the E calls: the usual ones plus the wrapped key and the digest (crypto-envelope.ts). */
export const EncryptedApiHeaders = Type.Object({
  ...ApiHeaders.properties,
  encryption: Type.Optional(
    Type.String({ maxLength: 2048, description: 'base64 RSA-OAEP-256 wrapped AES-256 key' }),
  ),
  digest: Type.Optional(Type.String({ maxLength: 128, description: 'SHA-256=<base64> of the body value' })),
});
