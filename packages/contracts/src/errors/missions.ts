import type { ErrorEntry } from './entry.ts';

/** Missions: the member's claims and the back office's definitions. */
export const missionsErrors = {
  mission_not_found: {
    status: 200,
    en: 'Mission not found.',
    ms: 'Misi tidak dijumpai.',
    cn: '未找到该任务。',
  },
  mission_not_completed: {
    status: 200,
    en: 'Complete the mission before claiming its reward.',
    ms: 'Lengkapkan misi sebelum menuntut ganjarannya.',
    cn: '请先完成任务再领取奖励。',
  },
  mission_already_claimed: {
    status: 200,
    en: 'You have already claimed this reward.',
    ms: 'Anda telah menuntut ganjaran ini.',
    cn: '您已领取过该奖励。',
  },
  mission_definition_invalid: {
    status: 400,
    en: 'Please check the mission: a name, a target above zero (whole days up to 366 for log-in missions), a reward above zero, and a category only for bet missions.',
    ms: 'Sila semak misi: nama, sasaran melebihi sifar (hari penuh sehingga 366 untuk misi log masuk), ganjaran melebihi sifar, dan kategori hanya untuk misi pertaruhan.',
    cn: '请检查任务：需有名称、大于零的目标（登录任务为不超过366的整天数）、大于零的奖励，且仅投注任务可设置类别。',
  },
} satisfies Record<string, ErrorEntry>;
