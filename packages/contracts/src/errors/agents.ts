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
  agent_suspended: {
    status: 200,
    en: 'Your agent account is suspended. Please contact customer service.',
    ms: 'Akaun ejen anda digantung. Sila hubungi khidmat pelanggan.',
    cn: '您的代理账号已被暂停，请联系客服。',
  },
  agent_trial_refused: {
    status: 200,
    en: 'A trial account cannot be an agent or part of a team.',
    ms: 'Akaun percubaan tidak boleh menjadi ejen atau sebahagian daripada pasukan.',
    cn: '试玩账号不能成为代理或加入团队。',
  },
  agent_type_invalid: {
    status: 400,
    en: 'Please choose an agent type: 1, 2, 41 or 42.',
    ms: 'Sila pilih jenis ejen: 1, 2, 41 atau 42.',
    cn: '请选择代理类型：1、2、41或42。',
  },
  agent_not_found: {
    status: 404,
    en: 'Agent not found.',
    ms: 'Ejen tidak dijumpai.',
    cn: '未找到该代理。',
  },
  agent_upline_invalid: {
    status: 200,
    en: 'The new upline must be an active agent of this brand.',
    ms: 'Atasan baharu mestilah ejen aktif jenama ini.',
    cn: '新的上级必须是本品牌的有效代理。',
  },
  agent_move_cycle: {
    status: 200,
    en: 'A member cannot be moved under itself or under one of its own downlines.',
    ms: 'Ahli tidak boleh dipindahkan ke bawah dirinya sendiri atau ke bawah orang bawahannya.',
    cn: '不能将会员移到其自身或其下级之下。',
  },
  downline_not_found: {
    status: 200,
    en: 'This member is not in your team.',
    ms: 'Ahli ini bukan dalam pasukan anda.',
    cn: '该会员不在您的团队中。',
  },
} as const satisfies Record<string, ErrorEntry>;
