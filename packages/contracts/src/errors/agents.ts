import type { ErrorEntry } from './entry.ts';

/** Agents: the affiliate application of /join and its review in the back office. */
export const agentsErrors = {
  affiliate_contacts_invalid: {
    status: 400,
    en: 'Please give one to four different ways to reach you.',
    ms: 'Sila berikan satu hingga empat cara berbeza untuk menghubungi anda.',
    cn: '请提供一至四种不同的联系方式。',
  },
  affiliate_sites_invalid: {
    status: 400,
    en: 'Please list up to five websites or social channels, each a link or a handle of up to 200 characters.',
    ms: 'Sila senaraikan sehingga lima laman web atau saluran sosial, setiap satu pautan atau nama pengguna sehingga 200 aksara.',
    cn: '请列出最多五个网站或社交频道，每个为链接或账号，不超过200个字符。',
  },
  affiliate_players_invalid: {
    status: 400,
    en: 'Please enter the players you expect each month as a whole number from 1 to 1,000,000.',
    ms: 'Sila masukkan jangkaan pemain sebulan sebagai nombor bulat dari 1 hingga 1,000,000.',
    cn: '请以1至1,000,000之间的整数填写预计每月玩家人数。',
  },
  affiliate_application_not_found: {
    status: 200,
    en: 'Affiliate application not found.',
    ms: 'Permohonan gabungan tidak dijumpai.',
    cn: '未找到该代理申请。',
  },
  affiliate_application_state_invalid: {
    status: 200,
    en: 'This application has already moved on. Reload the list to see its status.',
    ms: 'Permohonan ini telah berubah status. Muat semula senarai untuk melihat statusnya.',
    cn: '该申请的状态已变更，请刷新列表查看。',
  },
} as const satisfies Record<string, ErrorEntry>;
