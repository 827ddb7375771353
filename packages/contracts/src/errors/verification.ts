import type { ErrorEntry } from './entry.ts';

export const verificationErrors = {
  // Outbox delivery (docs/delivery.md)
  outbox_message_not_dead: {
    status: 200,
    en: 'Only a message that could not be delivered can be sent again.',
    ms: 'Hanya mesej yang tidak dapat dihantar boleh dihantar semula.',
    cn: '只有投递失败的消息才能重新发送。',
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
} as const satisfies Record<string, ErrorEntry>;
