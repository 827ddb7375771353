import type { ErrorEntry } from './entry.ts';

/** Referral: codes, invitations and the back office's review. */
export const referralsErrors = {
  referral_code_invalid: {
    status: 400,
    en: 'This referral code does not exist.',
    ms: 'Kod rujukan ini tidak wujud.',
    cn: '该推荐码不存在。',
  },
  referral_self: {
    status: 400,
    en: 'You cannot use your own referral code.',
    ms: 'Anda tidak boleh menggunakan kod rujukan anda sendiri.',
    cn: '不能使用自己的推荐码。',
  },
  referral_already_bound: {
    status: 200,
    en: 'Your account already has a referrer, or it is too late to add one.',
    ms: 'Akaun anda sudah mempunyai perujuk, atau sudah terlambat untuk menambahnya.',
    cn: '您的账户已有推荐人，或已超过可添加的期限。',
  },
  referral_not_found: {
    status: 200,
    en: 'Referral not found.',
    ms: 'Rujukan tidak dijumpai.',
    cn: '未找到该推荐记录。',
  },
  referral_state_invalid: {
    status: 200,
    en: 'This referral is no longer waiting for review. Reload the list to see its status.',
    ms: 'Rujukan ini tidak lagi menunggu semakan. Muat semula senarai untuk melihat statusnya.',
    cn: '该推荐已不在待审核状态，请刷新列表查看。',
  },
  referral_rule_invalid: {
    status: 400,
    en: 'Please enter amounts with at most the currency’s decimals and a reward above zero.',
    ms: 'Sila masukkan jumlah dengan perpuluhan mata wang yang dibenarkan dan ganjaran melebihi sifar.',
    cn: '请输入不超过货币小数位的金额，且奖励须大于零。',
  },
} satisfies Record<string, ErrorEntry>;
