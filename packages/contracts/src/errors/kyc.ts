import type { ErrorEntry } from './entry.ts';

/** Age and identity (issue 25): the brand's minimum age, KYC documents, reviews and the policy's refusals. */
export const kycErrors = {
  birth_date_invalid: {
    status: 200,
    en: 'Please enter your date of birth.',
    ms: 'Sila masukkan tarikh lahir anda.',
    cn: '请输入您的出生日期。',
  },
  age_below_18: {
    status: 200,
    en: 'You must be at least 18 years old to open an account.',
    ms: 'Anda mesti berumur sekurang-kurangnya 18 tahun untuk membuka akaun.',
    cn: '您必须年满18岁才能开设账户。',
  },
  age_below_21: {
    status: 200,
    en: 'You must be at least 21 years old to open an account.',
    ms: 'Anda mesti berumur sekurang-kurangnya 21 tahun untuk membuka akaun.',
    cn: '您必须年满21岁才能开设账户。',
  },
  kyc_document_not_found: {
    status: 200,
    en: 'Document not found.',
    ms: 'Dokumen tidak dijumpai.',
    cn: '未找到该文件。',
  },
  kyc_upload_not_allowed: {
    status: 200,
    en: 'Your verification is closed: documents can no longer be uploaded. Please contact customer service.',
    ms: 'Pengesahan anda telah ditutup: dokumen tidak lagi boleh dimuat naik. Sila hubungi khidmat pelanggan.',
    cn: '您的身份验证已关闭，无法再上传文件。请联系客服。',
  },
  kyc_review_state_invalid: {
    status: 200,
    en: 'This document has already been reviewed. Reload to see its status.',
    ms: 'Dokumen ini telah pun disemak. Muat semula untuk melihat statusnya.',
    cn: '该文件已被审核，请刷新查看其状态。',
  },
  kyc_reason_required: {
    status: 400,
    en: 'Please give the member a reason (up to 500 characters).',
    ms: 'Sila berikan sebab kepada ahli (sehingga 500 aksara).',
    cn: '请向会员说明原因（最多500个字符）。',
  },
  kyc_state_change_invalid: {
    status: 200,
    en: 'The verification state cannot change this way.',
    ms: 'Status pengesahan tidak boleh diubah dengan cara ini.',
    cn: '身份验证状态无法这样更改。',
  },
  kyc_policy_invalid: {
    status: 400,
    en: 'The verification policy is not valid: check the amounts.',
    ms: 'Polisi pengesahan tidak sah: semak jumlahnya.',
    cn: '身份验证政策无效，请检查金额。',
  },
  kyc_required_deposit: {
    status: 200,
    en: 'Please verify your identity in the member centre before making this deposit.',
    ms: 'Sila sahkan identiti anda di pusat ahli sebelum membuat deposit ini.',
    cn: '请先在会员中心完成身份验证，再进行此笔存款。',
  },
  kyc_required_withdraw: {
    status: 200,
    en: 'This withdrawal needs a verified identity. Please complete verification in the member centre.',
    ms: 'Pengeluaran ini memerlukan identiti yang disahkan. Sila lengkapkan pengesahan di pusat ahli.',
    cn: '此笔提款需要完成身份验证，请在会员中心完成验证。',
  },
  kyc_required_play: {
    status: 200,
    en: 'Please verify your identity in the member centre before playing.',
    ms: 'Sila sahkan identiti anda di pusat ahli sebelum bermain.',
    cn: '请先在会员中心完成身份验证再开始游戏。',
  },
  risk_signal_not_found: {
    status: 200,
    en: 'Risk signal not found.',
    ms: 'Isyarat risiko tidak dijumpai.',
    cn: '未找到该风险信号。',
  },
  risk_signal_state_invalid: {
    status: 200,
    en: 'This signal has already moved on. Reload the list to see its status.',
    ms: 'Isyarat ini telah berubah status. Muat semula senarai untuk melihat statusnya.',
    cn: '该信号的状态已变更，请刷新列表查看。',
  },
} as const satisfies Record<string, ErrorEntry>;
