import type { ErrorEntry } from './entry.ts';

/** Customer service: the contact form and the back office's handling of its requests. */
export const csErrors = {
  contact_name_invalid: {
    status: 400,
    en: 'Please enter your name (up to 60 characters).',
    ms: 'Sila masukkan nama anda (sehingga 60 aksara).',
    cn: '请输入您的姓名（最多60个字符）。',
  },
  contact_value_invalid: {
    status: 400,
    en: 'Please enter a valid mobile or WhatsApp number, e-mail address or Telegram user name.',
    ms: 'Sila masukkan nombor telefon bimbit atau WhatsApp, alamat e-mel atau nama pengguna Telegram yang sah.',
    cn: '请输入有效的手机或WhatsApp号码、电子邮箱或Telegram用户名。',
  },
  contact_message_invalid: {
    status: 400,
    en: 'Please write your message (up to 500 characters).',
    ms: 'Sila tulis mesej anda (sehingga 500 aksara).',
    cn: '请填写您的留言（最多500个字符）。',
  },
  contact_request_not_found: {
    status: 200,
    en: 'Contact request not found.',
    ms: 'Permintaan hubungan tidak dijumpai.',
    cn: '未找到该联系请求。',
  },
  contact_request_state_invalid: {
    status: 200,
    en: 'This request has already moved on. Reload the list to see its status.',
    ms: 'Permintaan ini telah berubah status. Muat semula senarai untuk melihat statusnya.',
    cn: '该请求的状态已变更，请刷新列表查看。',
  },
  operator_note_invalid: {
    status: 400,
    en: 'Please write a note of up to 500 characters.',
    ms: 'Sila tulis nota sehingga 500 aksara.',
    cn: '请填写不超过500个字符的备注。',
  },
} as const satisfies Record<string, ErrorEntry>;
