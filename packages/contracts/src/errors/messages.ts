import type { ErrorEntry } from './entry.ts';

/** Messages: the member's inbox and the back office's sending. */
export const messagesErrors = {
  message_not_found: {
    status: 200,
    en: 'Message not found.',
    ms: 'Mesej tidak dijumpai.',
    cn: '未找到该消息。',
  },
  message_title_invalid: {
    status: 400,
    en: 'Please enter a title of up to 120 characters.',
    ms: 'Sila masukkan tajuk sehingga 120 aksara.',
    cn: '请输入不超过120个字符的标题。',
  },
  message_content_invalid: {
    status: 400,
    en: 'Please write the message (up to 20,000 characters).',
    ms: 'Sila tulis mesej (sehingga 20,000 aksara).',
    cn: '请填写消息内容（最多20,000个字符）。',
  },
  message_recipients_invalid: {
    status: 400,
    en: 'Please list between 1 and 1,000 existing members of the brand.',
    ms: 'Sila senaraikan antara 1 hingga 1,000 ahli jenama yang wujud.',
    cn: '请列出1至1,000位本品牌的现有会员。',
  },
  message_publish_at_invalid: {
    status: 400,
    en: 'Please choose a publication time within the next year.',
    ms: 'Sila pilih masa penerbitan dalam tempoh setahun akan datang.',
    cn: '请选择一年内的发布时间。',
  },
  message_already_withdrawn: {
    status: 200,
    en: 'This message has already been withdrawn.',
    ms: 'Mesej ini telah ditarik balik.',
    cn: '该消息已被撤回。',
  },
} satisfies Record<string, ErrorEntry>;
