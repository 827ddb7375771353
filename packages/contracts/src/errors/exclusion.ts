import type { ErrorEntry } from './entry.ts';

/**
 * Player protection, time and attention (issue 25): time-outs, self-exclusion, session limits and
 * reality checks. `{{until}}` is filled from the answer's `value.until` (a UTC date and time) by
 * the server's message and by the site's catalogue text alike. The two refusals answer HTTP 423
 * (the account is locked for a time): a status no route declares a schema for, so the value with
 * the end date reaches the client whatever the route answers on success.
 */
export const exclusionErrors = {
  member_timed_out: {
    status: 423,
    en: 'You are taking a break from play until {{until}}. You can log in again after that.',
    ms: 'Anda sedang berehat daripada permainan sehingga {{until}}. Anda boleh log masuk semula selepas itu.',
    cn: '您正在暂停游戏，直至{{until}}。届时您可以再次登录。',
  },
  member_self_excluded: {
    status: 423,
    en: 'You have excluded yourself from play until {{until}}. Withdrawals of your balance stay possible through customer service.',
    ms: 'Anda telah mengecualikan diri daripada permainan sehingga {{until}}. Pengeluaran baki anda masih boleh dibuat melalui khidmat pelanggan.',
    cn: '您已自我禁止游戏，直至{{until}}。您仍可通过客服提取余额。',
  },
  member_excluded_identity: {
    status: 200,
    en: 'An account cannot be opened with these details: they belong to a person who has excluded themselves from play.',
    ms: 'Akaun tidak boleh dibuka dengan butiran ini: ia milik seseorang yang telah mengecualikan diri daripada permainan.',
    cn: '无法使用这些资料开户：它们属于已自我禁止游戏的人士。',
  },
  exclusion_length_invalid: {
    status: 400,
    en: 'Choose a time-out of 24 hours to 6 weeks, or a self-exclusion of at least 6 months or without end.',
    ms: 'Pilih rehat 24 jam hingga 6 minggu, atau pengecualian diri sekurang-kurangnya 6 bulan atau tanpa had.',
    cn: '请选择24小时至6周的暂停，或至少6个月或无限期的自我禁止。',
  },
  exclusion_already_active: {
    status: 200,
    en: 'A time-out or self-exclusion is already in force on your account.',
    ms: 'Rehat atau pengecualian diri sudah berkuat kuasa pada akaun anda.',
    cn: '您的账户已有生效中的暂停或自我禁止。',
  },
  exclusion_not_found: {
    status: 200,
    en: 'No such exclusion or end request.',
    ms: 'Tiada pengecualian atau permintaan tamat sedemikian.',
    cn: '没有此禁止记录或结束申请。',
  },
  exclusion_term_running: {
    status: 200,
    en: 'Your self-exclusion cannot be ended before its term is over.',
    ms: 'Pengecualian diri anda tidak boleh ditamatkan sebelum tempohnya tamat.',
    cn: '自我禁止期限届满前不能结束。',
  },
  exclusion_request_pending: {
    status: 200,
    en: 'Your request to end the exclusion is already waiting for a decision.',
    ms: 'Permintaan anda untuk menamatkan pengecualian sedang menunggu keputusan.',
    cn: '您结束禁止的申请正在等待审批。',
  },
  exclusion_cooling_off: {
    status: 200,
    en: 'The 24-hour cooling-off of this request is not over yet.',
    ms: 'Tempoh bertenang 24 jam bagi permintaan ini belum tamat.',
    cn: '此申请的24小时冷静期尚未结束。',
  },
  exclusion_request_state_invalid: {
    status: 200,
    en: 'This request has already been decided.',
    ms: 'Permintaan ini telah pun diputuskan.',
    cn: '此申请已处理。',
  },
  protection_setting_invalid: {
    status: 400,
    en: 'Choose a session limit of 15 minutes to 24 hours and a reality check every 15 minutes to 4 hours, or none.',
    ms: 'Pilih had sesi 15 minit hingga 24 jam dan semakan realiti setiap 15 minit hingga 4 jam, atau tiada.',
    cn: '请选择15分钟至24小时的会话时限，以及每15分钟至4小时一次的现实提醒，或不设置。',
  },
  member_protected: {
    status: 200,
    en: 'This member has taken a time-out or excluded themselves: nothing can be sent to them now.',
    ms: 'Ahli ini sedang berehat atau telah mengecualikan diri: tiada apa boleh dihantar kepada mereka sekarang.',
    cn: '该会员正在暂停或已自我禁止：目前不能向其发送任何内容。',
  },
} as const satisfies Record<string, ErrorEntry>;
