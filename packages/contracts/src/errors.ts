import type { SupportedLanguage } from './languages.ts';
import { textLanguage } from './languages.ts';

/**
 * The one published error catalogue: stable code, HTTP status, message key and the EN/MS/CN text.
 * Codes seen on the original platform (wire-protocol.md) keep their spelling; the platform's own
 * are snake_case. `status: 0` marks a client-side condition (the browser raises it, never the API).
 * The server answers `{ success: false, errorCode, message }` with `message` in the request's
 * Language; the web app shows the same text from the same table.
 */
type Entry = { status: number; en: string; ms: string; cn: string };

const table = {
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
  operator_locked: {
    status: 403,
    en: 'This operator account is locked after too many failed attempts. Try again later.',
    ms: 'Akaun operator ini dikunci selepas terlalu banyak percubaan gagal. Cuba lagi kemudian.',
    cn: '该操作员账户因多次尝试失败已被锁定，请稍后再试。',
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
  // Transport, tenant and gateway
  request_param_err: {
    status: 400,
    en: 'Some of the information sent is missing or not valid.',
    ms: 'Sebahagian maklumat yang dihantar tiada atau tidak sah.',
    cn: '提交的信息有缺失或无效。',
  },
  request_body_required: {
    status: 400,
    en: 'The request must carry its encrypted body and headers.',
    ms: 'Permintaan mesti membawa kandungan dan pengepala yang disulitkan.',
    cn: '请求必须包含加密内容及其请求头。',
  },
  'function.not.available': {
    status: 400,
    en: 'This function is not available.',
    ms: 'Fungsi ini tidak tersedia.',
    cn: '此功能不可用。',
  },
  feature_disabled: {
    status: 200,
    en: 'This feature is not enabled on this site.',
    ms: 'Ciri ini tidak diaktifkan di laman ini.',
    cn: '本站未开启此功能。',
  },
  not_found: { status: 404, en: 'Not found.', ms: 'Tidak dijumpai.', cn: '未找到。' },
  TOO_MANY_REQUESTS: {
    status: 429,
    en: 'Too many requests. Please try again later.',
    ms: 'Terlalu banyak permintaan. Sila cuba sebentar lagi.',
    cn: '请求过于频繁，请稍后再试。',
  },
  system_error: {
    status: 500,
    en: 'System error. Please try again later.',
    ms: 'Ralat sistem. Sila cuba sebentar lagi.',
    cn: '系统错误，请稍后再试。',
  },
  system_maintenance: {
    status: 503,
    en: 'The system is under maintenance.',
    ms: 'Sistem sedang diselenggara.',
    cn: '系统维护中。',
  },
  service_unavailable: {
    status: 503,
    en: 'The service is briefly unavailable. Please try again in a moment.',
    ms: 'Perkhidmatan tidak tersedia buat seketika. Sila cuba sebentar lagi.',
    cn: '服务暂时不可用，请稍后再试。',
  },
  access_restricted: {
    status: 403,
    en: 'Access is restricted from your IP address or location.',
    ms: 'Akses disekat dari alamat IP atau lokasi anda.',
    cn: '您的IP地址或所在地区访问受限。',
  },
  domain_invalid: {
    status: 400,
    en: 'Domain check failed: this domain is not valid.',
    ms: 'Semakan domain gagal: domain ini tidak sah.',
    cn: '域名校验失败：此域名无效。',
  },
  language_unsupported: {
    status: 400,
    en: 'This language is not supported.',
    ms: 'Bahasa ini tidak disokong.',
    cn: '不支持该语言。',
  },

  // Session
  CUSTOMER_NOT_LOGIN: {
    status: 401,
    en: 'You are not logged in. Please log in first.',
    ms: 'Anda belum log masuk. Sila log masuk dahulu.',
    cn: '您尚未登录，请先登录。',
  },
  nologin: {
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
  token_ip_different: {
    status: 401,
    en: 'Your network address changed. Please log in again.',
    ms: 'Alamat rangkaian anda berubah. Sila log masuk semula.',
    cn: '您的网络地址已变更，请重新登录。',
  },
  duplicateLogin: {
    status: 401,
    en: 'This account is already logged in elsewhere.',
    ms: 'Akaun ini sudah log masuk di tempat lain.',
    cn: '此账号已在别处登录。',
  },
  login_verify_required: {
    status: 200,
    en: 'This login comes from a new device or network. Please verify it with the code sent to your mobile.',
    ms: 'Log masuk ini dari peranti atau rangkaian baharu. Sila sahkan dengan kod yang dihantar ke telefon anda.',
    cn: '此次登录来自新设备或网络，请使用发送到您手机的验证码进行验证。',
  },
  bind_customer_required: {
    status: 200,
    en: 'Please link this sign-in to a member account first.',
    ms: 'Sila pautkan log masuk ini kepada akaun ahli dahulu.',
    cn: '请先将此登录方式绑定到会员账号。',
  },

  // Accounts (spec §8)
  wrong_account_or_password: {
    status: 200,
    en: 'Wrong account or password.',
    ms: 'Akaun atau kata laluan salah.',
    cn: '账号或密码错误。',
  },
  account_format_error: {
    status: 400,
    en: 'The account format is wrong.',
    ms: 'Format akaun salah.',
    cn: '账号格式错误。',
  },
  password_format_error: {
    status: 400,
    en: 'The password format is wrong.',
    ms: 'Format kata laluan salah.',
    cn: '密码格式错误。',
  },
  mobile_format_error: {
    status: 400,
    en: 'The mobile number format is wrong.',
    ms: 'Format nombor telefon salah.',
    cn: '手机号码格式错误。',
  },
  realname_format_error: {
    status: 400,
    en: 'The real name format is wrong.',
    ms: 'Format nama sebenar salah.',
    cn: '真实姓名格式错误。',
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
    status: 403,
    en: 'Non-members cannot log in.',
    ms: 'Bukan ahli tidak boleh log masuk.',
    cn: '非会员不能登录。',
  },
  error_not_agent: {
    status: 403,
    en: 'Non-agents cannot log in to the agent area.',
    ms: 'Bukan ejen tidak boleh log masuk ke kawasan ejen.',
    cn: '非代理不能登录代理中心。',
  },
  verify_first: { status: 200, en: 'Please verify first.', ms: 'Sila sahkan dahulu.', cn: '请先验证。' },
  trial_account_restricted: {
    status: 403,
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
  account_locked: {
    status: 403,
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

  // Phone authentication (spec §8)
  phone_number_invalid: {
    status: 400,
    en: 'Invalid phone number.',
    ms: 'Nombor telefon tidak sah.',
    cn: '无效的手机号码。',
  },
  phone_number_missing: {
    status: 400,
    en: 'Please enter a phone number.',
    ms: 'Sila masukkan nombor telefon.',
    cn: '请输入手机号码。',
  },
  phone_too_many_requests: {
    status: 429,
    en: 'Too many requests. Please try again after 5 minutes.',
    ms: 'Terlalu banyak permintaan. Sila cuba lagi selepas 5 minit.',
    cn: '请求过多，请5分钟后再试。',
  },
  phone_auth_unknown: {
    status: 200,
    en: 'Phone verification failed for an unknown reason.',
    ms: 'Pengesahan telefon gagal atas sebab yang tidak diketahui.',
    cn: '手机验证因未知原因失败。',
  },
  verification_code_invalid: {
    status: 200,
    en: 'The verification code is not valid.',
    ms: 'Kod pengesahan tidak sah.',
    cn: '验证码无效。',
  },
  verification_code_missing: {
    status: 400,
    en: 'Please enter the verification code.',
    ms: 'Sila masukkan kod pengesahan.',
    cn: '请输入验证码。',
  },
  captcha_check_failed: {
    status: 200,
    en: 'The human check failed. Please try again.',
    ms: 'Semakan manusia gagal. Sila cuba lagi.',
    cn: '人机验证失败，请重试。',
  },
  quota_exceeded: {
    status: 200,
    en: 'Quota exceeded. Please contact customer service.',
    ms: 'Kuota melebihi had. Sila hubungi khidmat pelanggan.',
    cn: '超出配额，请联系客服。',
  },
  operation_not_allowed: {
    status: 200,
    en: 'This operation is not allowed.',
    ms: 'Operasi ini tidak dibenarkan.',
    cn: '不允许此操作。',
  },
  code_expired: {
    status: 200,
    en: 'The code has expired. Please request a new one.',
    ms: 'Kod telah tamat tempoh. Sila minta kod baharu.',
    cn: '验证码已过期，请重新获取。',
  },
  popup_closed_by_user: {
    status: 0,
    en: 'The window was closed before finishing. Please try again.',
    ms: 'Tetingkap ditutup sebelum selesai. Sila cuba lagi.',
    cn: '窗口在完成前被关闭，请重试。',
  },

  // Games
  game_maintenance: {
    status: 200,
    en: 'This game is under maintenance. Try one of these instead.',
    ms: 'Permainan ini sedang diselenggara. Cuba salah satu daripada ini.',
    cn: '该游戏维护中，请试试以下推荐游戏。',
  },

  // Uploads and feedback (spec §5)
  upload_too_large: {
    status: 400,
    en: 'Each image must be smaller than 5 MB.',
    ms: 'Setiap imej mestilah kurang daripada 5 MB.',
    cn: '每张图片必须小于5MB。',
  },
  upload_type_invalid: {
    status: 400,
    en: 'Only PNG and JPG images can be uploaded.',
    ms: 'Hanya imej PNG dan JPG boleh dimuat naik.',
    cn: '只能上传PNG或JPG图片。',
  },
  upload_quota_exceeded: {
    status: 400,
    en: 'Your uploaded images have reached their storage limit. Please contact customer service.',
    ms: 'Imej yang anda muat naik telah mencapai had storan. Sila hubungi khidmat pelanggan.',
    cn: '您上传的图片已达到存储上限，请联系客服。',
  },
  upload_too_many: {
    status: 400,
    en: 'At most 3 images can be uploaded.',
    ms: 'Paling banyak 3 imej boleh dimuat naik.',
    cn: '最多只能上传3张图片。',
  },
  feedback_invalid: {
    status: 400,
    en: 'Feedback must be between 1 and 140 characters.',
    ms: 'Maklum balas mestilah antara 1 hingga 140 aksara.',
    cn: '反馈内容须为1至140个字符。',
  },

  // Client-side conditions (status 0: raised by the browser)
  network_abnormal: {
    status: 0,
    en: 'The network is abnormal. Please try again.',
    ms: 'Rangkaian tidak normal. Sila cuba lagi.',
    cn: '网络异常，请重试。',
  },
  page_slow: {
    status: 0,
    en: 'The page is slow to open. Please wait or refresh.',
    ms: 'Halaman lambat dibuka. Sila tunggu atau muat semula.',
    cn: '页面打开缓慢，请稍候或刷新。',
  },
  popup_blocked: {
    status: 0,
    en: 'The browser blocked the pop-up window. Please allow pop-ups for this site.',
    ms: 'Pelayar menyekat tetingkap timbul. Sila benarkan tetingkap timbul untuk laman ini.',
    cn: '浏览器拦截了弹出窗口，请允许本站弹出窗口。',
  },
  chunk_load_failed: {
    status: 0,
    en: 'Loading chunk failed. Please refresh the page.',
    ms: 'Gagal memuatkan bahagian halaman. Sila muat semula halaman.',
    cn: '页面模块加载失败，请刷新页面。',
  },
  stylesheet_load_failed: {
    status: 0,
    en: 'A stylesheet failed to load. Please refresh the page.',
    ms: 'Helaian gaya gagal dimuatkan. Sila muat semula halaman.',
    cn: '样式表加载失败，请刷新页面。',
  },

  // Money: wallets, ledger and the seamless-wallet API of game vendors (money-rules.md)
  insufficient_balance: {
    status: 200,
    en: 'Insufficient balance.',
    ms: 'Baki tidak mencukupi.',
    cn: '余额不足。',
  },
  wallet_busy: {
    status: 503,
    en: 'The wallet is busy. Please try again in a moment.',
    ms: 'Dompet sedang sibuk. Sila cuba sebentar lagi.',
    cn: '钱包繁忙，请稍后再试。',
  },
  amount_invalid: {
    status: 400,
    en: 'The amount is not valid for this currency.',
    ms: 'Jumlah tidak sah untuk mata wang ini.',
    cn: '该金额对此币种无效。',
  },
  currency_mismatch: {
    status: 200,
    en: "The currency does not match the player's wallet.",
    ms: 'Mata wang tidak sepadan dengan dompet pemain.',
    cn: '币种与玩家钱包不一致。',
  },
  idempotency_mismatch: {
    status: 200,
    en: 'This transaction id was already used with different content.',
    ms: 'ID transaksi ini telah digunakan dengan kandungan yang berbeza.',
    cn: '该交易编号已被用于不同的内容。',
  },
  vendor_signature_invalid: {
    status: 401,
    en: 'The vendor or its signature is not valid.',
    ms: 'Vendor atau tandatangannya tidak sah.',
    cn: '供应商或其签名无效。',
  },
  vendor_session_invalid: {
    status: 200,
    en: 'The player session is not valid or has expired.',
    ms: 'Sesi pemain tidak sah atau telah tamat tempoh.',
    cn: '玩家会话无效或已过期。',
  },
  bet_not_found: {
    status: 200,
    en: 'The referenced bet was not found.',
    ms: 'Pertaruhan yang dirujuk tidak dijumpai.',
    cn: '未找到所引用的投注。',
  },
  bet_cancelled: {
    status: 200,
    en: 'This bet has been cancelled.',
    ms: 'Pertaruhan ini telah dibatalkan.',
    cn: '该投注已被取消。',
  },
  bet_already_settled: {
    status: 200,
    en: 'This bet has already been paid out and cannot be cancelled.',
    ms: 'Pertaruhan ini telah dibayar dan tidak boleh dibatalkan.',
    cn: '该投注已派彩，无法取消。',
  },
  round_closed: {
    status: 200,
    en: 'This game round is already closed.',
    ms: 'Pusingan permainan ini telah ditutup.',
    cn: '该游戏局已结束。',
  },
  round_mismatch: {
    status: 200,
    en: 'The round id is not the round of the referenced bet.',
    ms: 'ID pusingan bukan pusingan pertaruhan yang dirujuk.',
    cn: '该局编号与所引用投注的局不一致。',
  },
  wallet_transfer_not_needed: {
    status: 200,
    en: 'This site uses one wallet for every game: no transfer is needed.',
    ms: 'Laman ini menggunakan satu dompet untuk semua permainan: pemindahan tidak diperlukan.',
    cn: '本站所有游戏共用一个钱包，无需转账。',
  },
  wallet_vendor_unavailable: {
    status: 200,
    en: 'This game wallet is not available.',
    ms: 'Dompet permainan ini tidak tersedia.',
    cn: '该游戏钱包不可用。',
  },
  wallet_transfer_invalid: {
    status: 400,
    en: 'A transfer goes between the main wallet and one game wallet.',
    ms: 'Pemindahan dibuat antara dompet utama dan satu dompet permainan.',
    cn: '转账只能在主钱包与一个游戏钱包之间进行。',
  },
  history_range_invalid: {
    status: 400,
    en: 'Please choose a start date before the end date, at most 92 days apart.',
    ms: 'Sila pilih tarikh mula sebelum tarikh tamat, tidak lebih 92 hari.',
    cn: '请选择早于结束日期的开始日期，间隔不超过92天。',
  },

  // Withdrawals, bank cards, funds password and transferUpline (spec §4)
  funds_password_required: {
    status: 200,
    en: 'Please set your funds password first (Security center).',
    ms: 'Sila tetapkan kata laluan dana anda dahulu (Pusat keselamatan).',
    cn: '请先设置资金密码（安全中心）。',
  },
  bank_card_invalid: {
    status: 200,
    en: 'Please check the bank name, account holder name and account number (6 to 24 digits).',
    ms: 'Sila semak nama bank, nama pemegang akaun dan nombor akaun (6 hingga 24 digit).',
    cn: '请检查银行名称、开户人姓名和账号（6至24位数字）。',
  },
  bank_card_limit: {
    status: 200,
    en: 'You have reached the maximum number of bank cards.',
    ms: 'Anda telah mencapai had maksimum kad bank.',
    cn: '银行卡数量已达上限。',
  },
  bank_card_duplicate: {
    status: 200,
    en: 'This bank account is already bound.',
    ms: 'Akaun bank ini telah diikat.',
    cn: '该银行账户已被绑定。',
  },
  bank_card_not_found: {
    status: 200,
    en: 'Bank card not found.',
    ms: 'Kad bank tidak dijumpai.',
    cn: '未找到该银行卡。',
  },
  withdraw_amount_below_minimum: {
    status: 200,
    en: 'The amount is below the minimum withdrawal.',
    ms: 'Jumlah kurang daripada pengeluaran minimum.',
    cn: '金额低于最低提款额。',
  },
  withdraw_amount_above_maximum: {
    status: 200,
    en: 'The amount is above the maximum withdrawal.',
    ms: 'Jumlah melebihi pengeluaran maksimum.',
    cn: '金额高于最高提款额。',
  },
  withdraw_daily_limit: {
    status: 200,
    en: 'You have reached the number of withdrawals allowed today.',
    ms: 'Anda telah mencapai bilangan pengeluaran yang dibenarkan hari ini.',
    cn: '今日提款次数已达上限。',
  },
  withdrawal_not_found: {
    status: 200,
    en: 'Withdrawal not found.',
    ms: 'Pengeluaran tidak dijumpai.',
    cn: '未找到该提款。',
  },
  withdrawal_state_invalid: {
    status: 200,
    en: 'This withdrawal has already been handled; refresh to see its status.',
    ms: 'Pengeluaran ini telah diproses; muat semula untuk melihat statusnya.',
    cn: '该提款已被处理，请刷新查看状态。',
  },
  received_amount_invalid: {
    status: 200,
    en: 'The amount received must be above zero and below the amount withdrawn.',
    ms: 'Jumlah diterima mesti melebihi sifar dan kurang daripada jumlah pengeluaran.',
    cn: '收到的金额必须大于零且小于提款金额。',
  },
  proof_image_required: {
    status: 200,
    en: 'Please attach an image as proof (PNG or JPG, under 5 MB).',
    ms: 'Sila lampirkan imej sebagai bukti (PNG atau JPG, bawah 5 MB).',
    cn: '请上传图片作为凭证（PNG或JPG，小于5 MB）。',
  },
  upline_not_found: {
    status: 200,
    en: 'Your account has no upline agent to transfer to.',
    ms: 'Akaun anda tiada ejen atasan untuk dipindahkan.',
    cn: '您的账户没有可转账的上级代理。',
  },
  // Deposits
  deposit_method_unavailable: {
    status: 200,
    en: 'This deposit method is not available. Please choose another.',
    ms: 'Kaedah deposit ini tidak tersedia. Sila pilih yang lain.',
    cn: '该存款方式不可用，请选择其他方式。',
  },
  deposit_amount_below_minimum: {
    status: 200,
    en: 'The amount is below the minimum deposit of this method.',
    ms: 'Jumlah kurang daripada deposit minimum kaedah ini.',
    cn: '金额低于该方式的最低存款额。',
  },
  deposit_amount_above_maximum: {
    status: 200,
    en: 'The amount is above the maximum deposit of this method.',
    ms: 'Jumlah melebihi deposit maksimum kaedah ini.',
    cn: '金额高于该方式的最高存款额。',
  },
  deposit_bank_account_invalid: {
    status: 200,
    en: 'Please choose one of the bank accounts shown.',
    ms: 'Sila pilih salah satu akaun bank yang dipaparkan.',
    cn: '请选择所显示的银行账户之一。',
  },
  deposit_form_invalid: {
    status: 200,
    en: 'Please fill in the transfer reference and attach the receipt.',
    ms: 'Sila isi rujukan pemindahan dan lampirkan resit.',
    cn: '请填写转账参考号并上传收据。',
  },
  deposit_not_found: {
    status: 200,
    en: 'Deposit not found.',
    ms: 'Deposit tidak dijumpai.',
    cn: '未找到该存款。',
  },
  deposit_state_invalid: {
    status: 200,
    en: 'This deposit has already been handled; refresh to see its status.',
    ms: 'Deposit ini telah diproses; muat semula untuk melihat statusnya.',
    cn: '该存款已被处理，请刷新查看状态。',
  },
  deposit_callback_signature_invalid: {
    status: 401,
    en: 'The payment callback signature is not valid.',
    ms: 'Tandatangan panggilan balik pembayaran tidak sah.',
    cn: '支付回调签名无效。',
  },
  deposit_callback_mismatch: {
    status: 400,
    en: 'The payment callback does not match the deposit (amount or currency).',
    ms: 'Panggilan balik pembayaran tidak sepadan dengan deposit (jumlah atau mata wang).',
    cn: '支付回调与存款不符（金额或币种）。',
  },
  deposit_method_invalid: {
    status: 200,
    en: 'Please check the method: code not yet used, minimum above zero and not above maximum, a gateway for gateway methods.',
    ms: 'Sila semak kaedah: kod belum digunakan, minimum melebihi sifar dan tidak melebihi maksimum, gerbang untuk kaedah gerbang.',
    cn: '请检查存款方式：代码未被使用、最低额大于零且不高于最高额、网关方式需选择网关。',
  },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof table;
export const ERROR_CODES = Object.keys(table) as ErrorCode[];

export type CatalogueEntry = { code: ErrorCode; status: number; key: string };

/** i18n key of a code's message; dots in legacy codes become underscores. */
export function errorKey(code: ErrorCode): string {
  return `errors.${code.replaceAll('.', '_')}`;
}

export const ERROR_CATALOGUE: readonly CatalogueEntry[] = ERROR_CODES.map((code) => ({
  code,
  status: table[code].status,
  key: errorKey(code),
}));

export function errorStatus(code: ErrorCode): number {
  return table[code].status;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(table, code);
}

/** The message of a code in a language (any UI code; unsupported ones fall back to EN). */
export function errorMessage(code: ErrorCode, language?: string | null): string {
  const lang = textLanguage(language);
  const entry: Entry = table[code];
  return lang === 'MS' ? entry.ms : lang === 'CN' ? entry.cn : entry.en;
}

/** All error texts of one language keyed like `errorKey`, for loading into i18next. */
export function errorMessages(language: SupportedLanguage): Record<string, string> {
  return Object.fromEntries(
    ERROR_CODES.map((code) => [errorKey(code).slice('errors.'.length), errorMessage(code, language)]),
  );
}
