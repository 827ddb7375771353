import type { ErrorEntry } from './entry.ts';

export const lotteryErrors = {
  // The platform's own lottery (issue 14): games, numeros, orders, chases, results and caps
  lottery_game_not_found: {
    status: 200,
    en: 'This lottery game does not exist.',
    ms: 'Permainan loteri ini tidak wujud.',
    cn: '该彩票游戏不存在。',
  },
  lottery_game_unavailable: {
    status: 200,
    en: 'This lottery game is not open for bets at the moment.',
    ms: 'Permainan loteri ini tidak dibuka untuk pertaruhan buat masa ini.',
    cn: '该彩票游戏暂不接受投注。',
  },
  lottery_numero_not_found: {
    status: 200,
    en: 'This draw does not exist.',
    ms: 'Cabutan ini tidak wujud.',
    cn: '该期号不存在。',
  },
  lottery_numero_closed: {
    status: 200,
    en: 'Betting on this draw has closed.',
    ms: 'Pertaruhan untuk cabutan ini telah ditutup.',
    cn: '本期投注已截止。',
  },
  lottery_numero_state_invalid: {
    status: 200,
    en: 'This action no longer applies to this draw.',
    ms: 'Tindakan ini tidak lagi terpakai untuk cabutan ini.',
    cn: '该操作已不适用于本期。',
  },
  lottery_slip_invalid: {
    status: 200,
    en: 'A bet slip is not valid; nothing was placed.',
    ms: 'Slip pertaruhan tidak sah; tiada apa-apa diletakkan.',
    cn: '投注单无效，未下注任何内容。',
  },
  lottery_cart_total_mismatch: {
    status: 200,
    en: 'The cart total does not match its bets; nothing was placed.',
    ms: 'Jumlah troli tidak sepadan dengan pertaruhannya; tiada apa-apa diletakkan.',
    cn: '购物车总额与注单不符，未下注任何内容。',
  },
  lottery_prize_mode_invalid: {
    status: 200,
    en: 'This prize mode is not offered for this game.',
    ms: 'Mod hadiah ini tidak ditawarkan untuk permainan ini.',
    cn: '该游戏不提供此奖金模式。',
  },
  lottery_amount_below_minimum: {
    status: 200,
    en: 'A bet is below the minimum stake.',
    ms: 'Satu pertaruhan kurang daripada taruhan minimum.',
    cn: '有注单低于最低投注额。',
  },
  lottery_amount_above_maximum: {
    status: 200,
    en: 'A bet is above the maximum stake.',
    ms: 'Satu pertaruhan melebihi taruhan maksimum.',
    cn: '有注单超过最高投注额。',
  },
  lottery_liability_cap: {
    status: 200,
    en: 'This number has reached its betting limit for this draw. Choose another number or a smaller stake.',
    ms: 'Nombor ini telah mencapai had pertaruhan untuk cabutan ini. Pilih nombor lain atau taruhan lebih kecil.',
    cn: '该号码本期投注已达上限，请选择其他号码或降低投注额。',
  },
  lottery_order_not_found: {
    status: 200,
    en: 'Order not found.',
    ms: 'Pesanan tidak dijumpai.',
    cn: '未找到该注单。',
  },
  lottery_order_state_invalid: {
    status: 200,
    en: 'This order can no longer be cancelled.',
    ms: 'Pesanan ini tidak lagi boleh dibatalkan.',
    cn: '该注单已无法撤销。',
  },
  lottery_chase_invalid: {
    status: 200,
    en: 'The chase plan is not valid for this cart.',
    ms: 'Pelan kejaran tidak sah untuk troli ini.',
    cn: '追号计划对此购物车无效。',
  },
  lottery_chase_not_found: {
    status: 200,
    en: 'Chase not found.',
    ms: 'Kejaran tidak dijumpai.',
    cn: '未找到该追号。',
  },
  lottery_chase_state_invalid: {
    status: 200,
    en: 'This chase has already ended.',
    ms: 'Kejaran ini telah tamat.',
    cn: '该追号已结束。',
  },
  lottery_result_invalid: {
    status: 200,
    en: 'The result does not fit the prize table of this game.',
    ms: 'Keputusan tidak sepadan dengan jadual hadiah permainan ini.',
    cn: '开奖结果与该游戏的奖级表不符。',
  },
  lottery_result_not_found: {
    status: 200,
    en: 'Result entry not found.',
    ms: 'Kemasukan keputusan tidak dijumpai.',
    cn: '未找到该开奖录入。',
  },
  lottery_result_same_operator: {
    status: 200,
    en: 'A result must be approved by another operator than the one who entered it.',
    ms: 'Keputusan mesti diluluskan oleh operator lain daripada yang memasukkannya.',
    cn: '开奖结果须由录入者以外的另一名操作员审核。',
  },
  lottery_result_state_invalid: {
    status: 200,
    en: 'This result entry has already been decided.',
    ms: 'Kemasukan keputusan ini telah diputuskan.',
    cn: '该开奖录入已处理。',
  },
  lottery_config_invalid: {
    status: 200,
    en: 'The lottery settings are not valid.',
    ms: 'Tetapan loteri tidak sah.',
    cn: '彩票设置无效。',
  },
  lottery_game_code_taken: {
    status: 200,
    en: 'Another lottery game already uses this code.',
    ms: 'Permainan loteri lain sudah menggunakan kod ini.',
    cn: '该代码已被其他彩票游戏使用。',
  },
} as const satisfies Record<string, ErrorEntry>;
