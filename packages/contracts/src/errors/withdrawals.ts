import type { ErrorEntry } from './entry.ts';

export const withdrawalsErrors = {
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
  withdraw_daily_amount_limit: {
    status: 200,
    en: 'This amount would pass the withdrawal total allowed today for your VIP level.',
    ms: 'Jumlah ini akan melebihi jumlah pengeluaran yang dibenarkan hari ini untuk tahap VIP anda.',
    cn: '该金额将超过您的VIP等级今日允许的提款总额。',
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
} as const satisfies Record<string, ErrorEntry>;
