import type { ErrorEntry } from './entry.ts';

export const promotionsErrors = {
  // Promotions, bonuses and wagering (issue 15)
  free_round_invalid: {
    status: 200,
    en: 'This free round cannot be played: it is used up, expired or not for this game and stake.',
    ms: 'Pusingan percuma ini tidak boleh dimainkan: ia telah habis, tamat tempoh atau bukan untuk permainan dan pertaruhan ini.',
    cn: '该免费局无法使用：已用完、已过期，或不适用于此游戏和投注额。',
  },
  promotion_not_found: {
    status: 200,
    en: 'This promotion does not exist.',
    ms: 'Promosi ini tidak wujud.',
    cn: '该优惠活动不存在。',
  },
  promotion_not_open: {
    status: 200,
    en: 'This promotion is not open at the moment.',
    ms: 'Promosi ini tidak dibuka buat masa ini.',
    cn: '该优惠活动当前未开放。',
  },
  promotion_not_qualified: {
    status: 200,
    en: 'You do not meet the conditions of this promotion.',
    ms: 'Anda tidak memenuhi syarat promosi ini.',
    cn: '您不符合该优惠活动的条件。',
  },
  promotion_already_applied: {
    status: 200,
    en: 'You have already taken part in this promotion for this period.',
    ms: 'Anda telah menyertai promosi ini untuk tempoh ini.',
    cn: '您在本周期内已参加过该优惠活动。',
  },
  promotion_state_invalid: {
    status: 200,
    en: 'This action is not possible in the promotion’s current state.',
    ms: 'Tindakan ini tidak boleh dilakukan dalam keadaan promosi sekarang.',
    cn: '该优惠当前状态下无法执行此操作。',
  },
  promotion_contact_required: {
    status: 200,
    en: 'Please enter your Zalo or WhatsApp ID to redeem this bonus.',
    ms: 'Sila masukkan ID Zalo atau WhatsApp anda untuk menebus bonus ini.',
    cn: '请输入您的 Zalo 或 WhatsApp 账号以领取此红利。',
  },
  promotion_raffle_sold_out: {
    status: 200,
    en: 'Every prize of this raffle has been given out.',
    ms: 'Semua hadiah cabutan bertuah ini telah diberikan.',
    cn: '本次抽奖的奖品已全部发放。',
  },
  promotion_raffle_drawn: {
    status: 200,
    en: 'Tickets of this raffle have been drawn: its prizes and reward can no longer change.',
    ms: 'Tiket cabutan bertuah ini telah dicabut: hadiah dan ganjarannya tidak boleh diubah lagi.',
    cn: '本次抽奖已有奖券开奖，奖品和奖励类型不能再修改。',
  },
  promotion_invalid: {
    status: 400,
    en: 'Please check the promotion’s settings.',
    ms: 'Sila semak tetapan promosi.',
    cn: '请检查优惠活动的设置。',
  },
  bonus_wagering_active: {
    status: 200,
    en: 'You have a bonus with wagering in progress. Requesting a withdrawal now forfeits the bonus: confirm to go on.',
    ms: 'Anda mempunyai bonus dengan syarat pertaruhan yang belum selesai. Membuat pengeluaran sekarang akan melucutkan bonus: sahkan untuk teruskan.',
    cn: '您有尚未完成流水要求的红利。现在申请提款将没收该红利：请确认后继续。',
  },
} as const satisfies Record<string, ErrorEntry>;
