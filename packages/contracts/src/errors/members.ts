import type { ErrorEntry } from './entry.ts';

export const membersErrors = {
  // Session
  CUSTOMER_NOT_LOGIN: {
    status: 401,
    en: 'You are not logged in. Please log in first.',
    ms: 'Anda belum log masuk. Sila log masuk dahulu.',
    cn: '您尚未登录，请先登录。',
  },
  'user.or.token.invalid': {
    status: 401,
    en: 'Your session is no longer valid. Please log in again.',
    ms: 'Sesi anda tidak lagi sah. Sila log masuk semula.',
    cn: '您的会话已失效，请重新登录。',
  },
  'login.not.session': {
    status: 401,
    en: 'You were logged out because your account logged in elsewhere.',
    ms: 'Anda telah dilog keluar kerana akaun anda log masuk di tempat lain.',
    cn: '您的账号已在别处登录，您已被登出。',
  },
  login_verify_required: {
    status: 200,
    en: 'This login comes from a new device or network. Please verify it with the code sent to your mobile.',
    ms: 'Log masuk ini dari peranti atau rangkaian baharu. Sila sahkan dengan kod yang dihantar ke telefon anda.',
    cn: '此次登录来自新设备或网络，请使用发送到您手机的验证码进行验证。',
  },

  // Accounts (spec §8)
  wrong_account_or_password: {
    status: 200,
    en: 'Wrong account or password.',
    ms: 'Akaun atau kata laluan salah.',
    cn: '账号或密码错误。',
  },
  password_not_match: {
    status: 400,
    en: 'The passwords do not match.',
    ms: 'Kata laluan tidak sepadan.',
    cn: '两次输入的密码不一致。',
  },
  username_email_not_exist: {
    status: 200,
    en: 'The username or email does not exist.',
    ms: 'Nama pengguna atau e-mel tidak wujud.',
    cn: '用户名或邮箱不存在。',
  },
  member_no_enter: {
    status: 200,
    en: 'Non-members cannot log in.',
    ms: 'Bukan ahli tidak boleh log masuk.',
    cn: '非会员不能登录。',
  },
  error_not_agent: {
    status: 200,
    en: 'Non-agents cannot log in to the agent area.',
    ms: 'Bukan ejen tidak boleh log masuk ke kawasan ejen.',
    cn: '非代理不能登录代理中心。',
  },
  trial_account_restricted: {
    status: 200,
    en: 'This is a trial account. A real account is needed for this feature.',
    ms: 'Ini akaun percubaan. Akaun sebenar diperlukan untuk ciri ini.',
    cn: '这是试玩账号，使用此功能需要正式账号。',
  },
  invitation_code_error: {
    status: 200,
    en: 'The invitation code is not valid.',
    ms: 'Kod jemputan tidak sah.',
    cn: '邀请码无效。',
  },
  sms_send_failed: {
    status: 200,
    en: 'The SMS could not be sent.',
    ms: 'SMS tidak dapat dihantar.',
    cn: '短信发送失败。',
  },
  email_send_failed: {
    status: 200,
    en: 'The e-mail could not be sent. Please try again later.',
    ms: 'E-mel tidak dapat dihantar. Sila cuba lagi kemudian.',
    cn: '邮件发送失败，请稍后再试。',
  },
  captcha_required: {
    status: 200,
    en: 'Please enter the captcha.',
    ms: 'Sila masukkan captcha.',
    cn: '请输入验证码。',
  },
  captcha_invalid: {
    status: 200,
    en: 'The captcha is wrong.',
    ms: 'Captcha salah.',
    cn: '验证码错误。',
  },

  // Accounts (issue 3)
  encrypted_payload_invalid: {
    status: 400,
    en: 'The encrypted request could not be read. Please refresh the page and try again.',
    ms: 'Permintaan yang disulitkan tidak dapat dibaca. Sila muat semula halaman dan cuba lagi.',
    cn: '无法读取加密请求，请刷新页面后重试。',
  },
  username_exists: {
    status: 200,
    en: 'This username is already taken.',
    ms: 'Nama pengguna ini sudah digunakan.',
    cn: '该用户名已被使用。',
  },
  mobile_exists: {
    status: 200,
    en: 'This mobile number is already registered.',
    ms: 'Nombor telefon ini sudah didaftarkan.',
    cn: '该手机号码已被注册。',
  },
  mobile_not_registered: {
    status: 200,
    en: 'This mobile number is not registered.',
    ms: 'Nombor telefon ini tidak didaftarkan.',
    cn: '该手机号码未注册。',
  },
  old_password_wrong: {
    status: 200,
    en: 'The current password is wrong.',
    ms: 'Kata laluan semasa salah.',
    cn: '当前密码错误。',
  },
  funds_password_wrong: {
    status: 200,
    en: 'The funds password is wrong.',
    ms: 'Kata laluan dana salah.',
    cn: '资金密码错误。',
  },
  reset_link_invalid: {
    status: 200,
    en: 'This reset link is not valid or has expired. Please request a new one.',
    ms: 'Pautan tetapan semula ini tidak sah atau telah tamat tempoh. Sila minta yang baharu.',
    cn: '此重置链接无效或已过期，请重新申请。',
  },
  reset_link_withdrawn: {
    status: 200,
    en: 'This reset link was withdrawn because its e-mail could not be delivered. Please request a new one.',
    ms: 'Pautan tetapan semula ini telah ditarik balik kerana e-melnya tidak dapat dihantar. Sila minta yang baharu.',
    cn: '由于邮件无法送达，此重置链接已被撤回，请重新申请。',
  },
  account_locked: {
    status: 200,
    en: 'This account is locked. Please contact customer service.',
    ms: 'Akaun ini dikunci. Sila hubungi khidmat pelanggan.',
    cn: '此账号已被锁定，请联系客服。',
  },
  external_login_failed: {
    status: 200,
    en: 'Sign-in with the external account failed. Please try again.',
    ms: 'Log masuk dengan akaun luar gagal. Sila cuba lagi.',
    cn: '第三方账号登录失败，请重试。',
  },
} as const satisfies Record<string, ErrorEntry>;
