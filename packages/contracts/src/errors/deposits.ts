import type { ErrorEntry } from './entry.ts';

export const depositsErrors = {
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
} as const satisfies Record<string, ErrorEntry>;
