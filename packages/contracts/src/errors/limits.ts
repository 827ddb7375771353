import type { ErrorEntry } from './entry.ts';

/**
 * Responsible-gaming limits (docs/limits.md). A refusal by a limit names the limit (kind and
 * window); the answer's `value` (LimitRefusal in contracts/limits.ts) carries the limit, what is
 * left and when it frees, and the seamless wallet answers the same code to the vendor.
 */
export const limitsErrors = {
  limit_loss_day: {
    status: 200,
    en: 'This stake would go over your 24-hour loss limit. It frees as earlier stakes leave the 24-hour window.',
    ms: 'Pertaruhan ini akan melebihi had kerugian 24 jam anda. Ia dibebaskan apabila pertaruhan terdahulu keluar dari tempoh 24 jam.',
    cn: '此投注将超过您的24小时亏损限额。较早的投注移出24小时窗口后限额将释放。',
  },
  limit_loss_week: {
    status: 200,
    en: 'This stake would go over your 7-day loss limit. It frees as earlier stakes leave the 7-day window.',
    ms: 'Pertaruhan ini akan melebihi had kerugian 7 hari anda. Ia dibebaskan apabila pertaruhan terdahulu keluar dari tempoh 7 hari.',
    cn: '此投注将超过您的7天亏损限额。较早的投注移出7天窗口后限额将释放。',
  },
  limit_loss_month: {
    status: 200,
    en: 'This stake would go over your 30-day loss limit. It frees as earlier stakes leave the 30-day window.',
    ms: 'Pertaruhan ini akan melebihi had kerugian 30 hari anda. Ia dibebaskan apabila pertaruhan terdahulu keluar dari tempoh 30 hari.',
    cn: '此投注将超过您的30天亏损限额。较早的投注移出30天窗口后限额将释放。',
  },
  limit_wager_day: {
    status: 200,
    en: 'This stake would go over your 24-hour wager limit. It frees as earlier stakes leave the 24-hour window.',
    ms: 'Pertaruhan ini akan melebihi had pertaruhan 24 jam anda. Ia dibebaskan apabila pertaruhan terdahulu keluar dari tempoh 24 jam.',
    cn: '此投注将超过您的24小时投注限额。较早的投注移出24小时窗口后限额将释放。',
  },
  limit_wager_week: {
    status: 200,
    en: 'This stake would go over your 7-day wager limit. It frees as earlier stakes leave the 7-day window.',
    ms: 'Pertaruhan ini akan melebihi had pertaruhan 7 hari anda. Ia dibebaskan apabila pertaruhan terdahulu keluar dari tempoh 7 hari.',
    cn: '此投注将超过您的7天投注限额。较早的投注移出7天窗口后限额将释放。',
  },
  limit_wager_month: {
    status: 200,
    en: 'This stake would go over your 30-day wager limit. It frees as earlier stakes leave the 30-day window.',
    ms: 'Pertaruhan ini akan melebihi had pertaruhan 30 hari anda. Ia dibebaskan apabila pertaruhan terdahulu keluar dari tempoh 30 hari.',
    cn: '此投注将超过您的30天投注限额。较早的投注移出30天窗口后限额将释放。',
  },
  limit_deposit_day: {
    status: 200,
    en: 'This deposit would go over your 24-hour deposit limit. It frees as earlier deposits leave the 24-hour window.',
    ms: 'Deposit ini akan melebihi had deposit 24 jam anda. Ia dibebaskan apabila deposit terdahulu keluar dari tempoh 24 jam.',
    cn: '此存款将超过您的24小时存款限额。较早的存款移出24小时窗口后限额将释放。',
  },
  limit_deposit_week: {
    status: 200,
    en: 'This deposit would go over your 7-day deposit limit. It frees as earlier deposits leave the 7-day window.',
    ms: 'Deposit ini akan melebihi had deposit 7 hari anda. Ia dibebaskan apabila deposit terdahulu keluar dari tempoh 7 hari.',
    cn: '此存款将超过您的7天存款限额。较早的存款移出7天窗口后限额将释放。',
  },
  limit_deposit_month: {
    status: 200,
    en: 'This deposit would go over your 30-day deposit limit. It frees as earlier deposits leave the 30-day window.',
    ms: 'Deposit ini akan melebihi had deposit 30 hari anda. Ia dibebaskan apabila deposit terdahulu keluar dari tempoh 30 hari.',
    cn: '此存款将超过您的30天存款限额。较早的存款移出30天窗口后限额将释放。',
  },
  limit_not_found: {
    status: 200,
    en: 'This limit was not found.',
    ms: 'Had ini tidak dijumpai.',
    cn: '未找到该限额。',
  },
  limit_amount_invalid: {
    status: 400,
    en: 'Enter a limit greater than zero.',
    ms: 'Masukkan had yang lebih besar daripada sifar.',
    cn: '请输入大于零的限额。',
  },
  limit_no_pending_change: {
    status: 200,
    en: 'This limit has no pending increase or removal.',
    ms: 'Had ini tiada kenaikan atau pembuangan yang menunggu.',
    cn: '该限额没有待生效的提高或取消。',
  },
  limit_cooling_off: {
    status: 200,
    en: 'The cooling-off period of this change has not ended yet.',
    ms: 'Tempoh bertenang untuk perubahan ini belum tamat.',
    cn: '此更改的冷静期尚未结束。',
  },
  limit_operator_increase: {
    status: 403,
    en: 'An operator may only set or lower a limit; the member raises it.',
    ms: 'Operator hanya boleh menetapkan atau menurunkan had; ahli yang menaikkannya.',
    cn: '运营人员只能设置或降低限额，提高限额须由会员本人操作。',
  },
} satisfies Record<string, ErrorEntry>;
