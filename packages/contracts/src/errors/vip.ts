import type { ErrorEntry } from './entry.ts';

export const vipErrors = {
  // VIP, player rank and rebate (issue 15)
  vip_rebate_disabled: {
    status: 200,
    en: 'Cashback is not available on this site.',
    ms: 'Pulangan tunai tidak tersedia di laman ini.',
    cn: '本站未开放返水。',
  },
  vip_rebate_below_minimum: {
    status: 200,
    en: 'Your cashback is below the minimum payout; keep playing and claim later.',
    ms: 'Pulangan tunai anda di bawah bayaran minimum; teruskan bermain dan tuntut kemudian.',
    cn: '您的返水未达到最低派发金额，请继续游戏后再领取。',
  },
  vip_levels_invalid: {
    status: 400,
    en: 'The VIP levels are not valid: levels must start at 0, follow each other and rise.',
    ms: 'Tahap VIP tidak sah: tahap mesti bermula dari 0, berturutan dan meningkat.',
    cn: 'VIP等级无效：等级须从0开始、连续且门槛递增。',
  },
} as const satisfies Record<string, ErrorEntry>;
