import type { ErrorEntry } from './entry.ts';

export const moneyErrors = {
  // Money: wallets, ledger and the seamless-wallet API of game vendors (money-rules.md)
  insufficient_balance: {
    status: 200,
    en: 'Insufficient balance.',
    ms: 'Baki tidak mencukupi.',
    cn: '余额不足。',
  },
  // The stake gate (docs/money-posting.md) refused this stake: nothing was kept.
  stake_refused: {
    status: 200,
    en: 'This stake is not allowed on your account right now.',
    ms: 'Pertaruhan ini tidak dibenarkan pada akaun anda buat masa ini.',
    cn: '您的账户目前不允许进行此投注。',
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
} as const satisfies Record<string, ErrorEntry>;
