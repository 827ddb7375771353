import type { ErrorEntry } from './entry.ts';

export const operatorsErrors = {
  // Back office (operators)
  operator_not_login: {
    status: 401,
    en: 'Please log in to the back office.',
    ms: 'Sila log masuk ke pejabat belakang.',
    cn: '请登录后台。',
  },
  operator_forbidden: {
    status: 403,
    en: 'Your role does not allow this action.',
    ms: 'Peranan anda tidak membenarkan tindakan ini.',
    cn: '您的角色无权执行此操作。',
  },
  operator_login_failed: {
    status: 401,
    en: 'Wrong username or password.',
    ms: 'Nama pengguna atau kata laluan salah.',
    cn: '用户名或密码错误。',
  },
  operator_totp_required: {
    status: 401,
    en: 'Enter the 6-digit code from your authenticator app.',
    ms: 'Masukkan kod 6 digit daripada aplikasi pengesah anda.',
    cn: '请输入身份验证器应用中的6位验证码。',
  },
  operator_totp_invalid: {
    status: 401,
    en: 'The authenticator code is wrong, expired or already used.',
    ms: 'Kod pengesah salah, tamat tempoh atau telah digunakan.',
    cn: '验证码错误、已过期或已被使用。',
  },
  operator_captcha_required: {
    status: 401,
    en: 'Too many failed logins for this username: enter the characters shown in the image.',
    ms: 'Terlalu banyak log masuk gagal untuk nama pengguna ini: masukkan aksara yang ditunjukkan dalam imej.',
    cn: '该用户名登录失败次数过多：请输入图片中显示的字符。',
  },
  operator_captcha_invalid: {
    status: 401,
    en: 'The characters do not match the image, or the image expired. Try the new one.',
    ms: 'Aksara tidak sepadan dengan imej, atau imej telah tamat tempoh. Cuba imej baharu.',
    cn: '字符与图片不符或图片已过期，请使用新图片重试。',
  },
  operator_password_wrong: {
    status: 400,
    en: 'The current password is wrong.',
    ms: 'Kata laluan semasa salah.',
    cn: '当前密码错误。',
  },
  operator_password_weak: {
    status: 400,
    en: 'Choose a password of at least 8 characters with letters and digits, not containing your username.',
    ms: 'Pilih kata laluan sekurang-kurangnya 8 aksara dengan huruf dan digit, tanpa nama pengguna anda.',
    cn: '请设置至少8个字符、包含字母和数字且不含用户名的密码。',
  },
  operator_password_reused: {
    status: 400,
    en: 'The new password must differ from the current one.',
    ms: 'Kata laluan baharu mesti berbeza daripada yang semasa.',
    cn: '新密码不能与当前密码相同。',
  },
  operator_password_change_required: {
    status: 403,
    en: 'Your password was reset by an administrator. Choose a new password to continue.',
    ms: 'Kata laluan anda telah ditetapkan semula oleh pentadbir. Pilih kata laluan baharu untuk meneruskan.',
    cn: '您的密码已被管理员重置，请设置新密码后继续。',
  },
  operator_username_taken: {
    status: 200,
    en: 'An operator with this username already exists.',
    ms: 'Operator dengan nama pengguna ini sudah wujud.',
    cn: '该操作员用户名已存在。',
  },
  operator_not_found: {
    status: 404,
    en: 'Operator not found.',
    ms: 'Operator tidak dijumpai.',
    cn: '未找到该操作员。',
  },
  member_not_found: {
    status: 404,
    en: 'Member not found.',
    ms: 'Ahli tidak dijumpai.',
    cn: '未找到该会员。',
  },
  adjustment_not_found: {
    status: 404,
    en: 'Adjustment request not found.',
    ms: 'Permintaan pelarasan tidak dijumpai.',
    cn: '未找到该调整申请。',
  },
  adjustment_state_invalid: {
    status: 200,
    en: 'This adjustment has already been decided; refresh to see its status.',
    ms: 'Pelarasan ini telah diputuskan; muat semula untuk melihat statusnya.',
    cn: '该调整已处理，请刷新查看状态。',
  },
  adjustment_same_operator: {
    status: 403,
    en: 'A second operator must approve an adjustment you requested.',
    ms: 'Operator kedua mesti meluluskan pelarasan yang anda minta.',
    cn: '您提交的调整必须由另一位操作员审批。',
  },
} as const satisfies Record<string, ErrorEntry>;
