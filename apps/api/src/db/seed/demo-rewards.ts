import type { NewMissionBody } from '@lotus/contracts/missions';
import type { AdminProductInput } from '@lotus/contracts/points';
import type { PromotionInput } from '@lotus/contracts/promotions';
import type { ReferralRuleBody } from '@lotus/contracts/referrals';
import type { Brand } from '../../domains/brands/brand.ts';
import { sendMessage } from '../../domains/messages/message.service.ts';
import { createMission } from '../../domains/missions/mission.service.ts';
import type { OperatorContext } from '../../domains/operators/operator-session.service.ts';
import { adminProducts, createProduct } from '../../domains/points/points.admin.service.ts';
import { adminPromotions, createPromotion } from '../../domains/promotions/promotions.admin.service.ts';
import { changeReferralRule, referralRule } from '../../domains/referrals/referral.service.ts';
import type { Db } from '../database.ts';

/** The operator a seed step acts as: a demo operator, from the machine itself. */
export type SeedOperator = OperatorContext & { ip: string };

/** Titles (EN) of the demo promotions; the banner and the popups name the first one. */
export const DEMO_PROMOTION_TITLES = {
  firstDeposit: '100% First Deposit Bonus',
  dailyReload: 'Daily Reload 20%',
  freeSpins: '10 Free Spins on Lotus Garden',
  raffle: 'Lucky Lotus Raffle',
  points: 'Daily Check-in: 50 Points',
  vipGift: 'VIP Monthly Gift',
} as const;

/** Every category counts in full for slots and fish, half for live and sports (the usual weighting). */
const CONTRIBUTIONS = {
  RNG: 100,
  FISH: 100,
  PVP: 50,
  LIVE: 20,
  SPORTS: 50,
  ESPORTS: 50,
  LOTT: 10,
  ELOTT: 10,
};

/** Open from the start of the seeding year for ten years: a demo that keeps working. */
function period(now: Date): { startsAt: string; endsAt: string } {
  const year = now.getUTCFullYear();
  return {
    startsAt: new Date(Date.UTC(year, 0, 1)).toISOString(),
    endsAt: new Date(Date.UTC(year + 10, 0, 1)).toISOString(),
  };
}

const base = (now: Date) => ({
  status: 'active' as const,
  ...period(now),
  rules: {},
  wageringMultiplier: 0,
  wageringIncludesDeposit: false,
  contributions: {},
  expiryDays: 30,
  needsApproval: false,
  asksContact: false,
});

/** The demo brand's promotions, as an operator would fill the builder (free spins need the slot's id). */
export function demoPromotions(now: Date, freeSpinsGameId: string): PromotionInput[] {
  return [
    {
      ...base(now),
      titleEn: DEMO_PROMOTION_TITLES.firstDeposit,
      titleMs: 'Bonus Deposit Pertama 100%',
      titleCn: '首存100%红利',
      contentEn:
        '<p>Double your first deposit: 100% up to RM 5,000.</p><ul><li>Minimum deposit RM 10</li><li>Turnover 10x the bonus</li><li>Slots and fish count in full</li></ul>',
      contentMs:
        '<p>Gandakan deposit pertama anda: 100% sehingga RM 5,000.</p><ul><li>Deposit minimum RM 10</li><li>Pusing ganti 10x bonus</li><li>Slot dan ikan dikira sepenuhnya</li></ul>',
      contentCn:
        '<p>首存翻倍：100%，最高 RM 5,000。</p><ul><li>最低存款 RM 10</li><li>10倍红利流水</li><li>老虎机与捕鱼全额计算</li></ul>',
      image: '/media/banners/first-deposit.svg',
      frequency: 'once',
      rules: { depositNth: 1, depositMin: '10.00' },
      rewardKind: 'percent',
      rewardPercent: '100',
      rewardCap: '5000.00',
      wageringMultiplier: 10,
      contributions: CONTRIBUTIONS,
      maxBet: '50.00',
      sortOrder: 1,
    },
    {
      ...base(now),
      titleEn: DEMO_PROMOTION_TITLES.dailyReload,
      titleMs: 'Tambah Nilai Harian 20%',
      titleCn: '每日充值20%',
      contentEn:
        '<p>Every day, 20% extra on your latest deposit of at least RM 50, up to RM 200. Turnover 5x.</p>',
      contentMs:
        '<p>Setiap hari, 20% tambahan pada deposit terkini anda sekurang-kurangnya RM 50, sehingga RM 200. Pusing ganti 5x.</p>',
      contentCn: '<p>每天最近一笔不低于 RM 50 的存款额外赠送20%，最高 RM 200。5倍流水。</p>',
      frequency: 'daily',
      rules: { depositMin: '50.00' },
      rewardKind: 'percent',
      rewardPercent: '20',
      rewardCap: '200.00',
      wageringMultiplier: 5,
      contributions: CONTRIBUTIONS,
      sortOrder: 2,
    },
    {
      ...base(now),
      titleEn: DEMO_PROMOTION_TITLES.freeSpins,
      titleMs: '10 Putaran Percuma di Taman Teratai',
      titleCn: '莲花园10次免费旋转',
      contentEn:
        '<p>Ten spins of Lotus Garden at RM 0.20 each, on us. Winnings are a bonus with turnover 3x.</p>',
      contentMs:
        '<p>Sepuluh putaran Taman Teratai pada RM 0.20 setiap satu, percuma. Kemenangan ialah bonus dengan pusing ganti 3x.</p>',
      contentCn: '<p>免费赠送莲花园10次旋转，每次 RM 0.20。赢得的奖金为红利，3倍流水。</p>',
      frequency: 'weekly',
      rewardKind: 'free_rounds',
      freeRoundsGame: freeSpinsGameId,
      freeRoundsStake: '0.20',
      freeRoundsCount: 10,
      wageringMultiplier: 3,
      contributions: CONTRIBUTIONS,
      expiryDays: 7,
      sortOrder: 3,
    },
    {
      ...base(now),
      titleEn: DEMO_PROMOTION_TITLES.raffle,
      titleMs: 'Cabutan Bertuah Lotus',
      titleCn: '幸运莲花抽奖',
      contentEn: '<p>One free ticket a day. Draw it in the reward centre: cash or points, provably fair.</p>',
      contentMs:
        '<p>Satu tiket percuma sehari. Cabut di pusat ganjaran: tunai atau mata, adil yang boleh dibuktikan.</p>',
      contentCn: '<p>每天一张免费抽奖券，在奖励中心抽取：现金或积分，可验证公平。</p>',
      frequency: 'daily',
      rewardKind: 'raffle',
      rafflePrizes: [
        {
          nameEn: 'RM 88 cash',
          nameMs: 'Tunai RM 88',
          nameCn: '现金 RM 88',
          amount: '88.00',
          weight: 1,
          stock: 50,
        },
        {
          nameEn: 'RM 8 cash',
          nameMs: 'Tunai RM 8',
          nameCn: '现金 RM 8',
          amount: '8.00',
          weight: 10,
          stock: 1000,
        },
        {
          nameEn: '100 points',
          nameMs: '100 mata',
          nameCn: '100积分',
          kind: 'points',
          points: '100',
          weight: 40,
          stock: 100_000,
        },
        {
          nameEn: '20 points',
          nameMs: '20 mata',
          nameCn: '20积分',
          kind: 'points',
          points: '20',
          weight: 100,
          stock: 1_000_000,
        },
      ],
      sortOrder: 4,
    },
    {
      ...base(now),
      titleEn: DEMO_PROMOTION_TITLES.points,
      titleMs: 'Daftar Masuk Harian: 50 Mata',
      titleCn: '每日签到：50积分',
      contentEn: '<p>Check in every day for 50 points to spend in the points mall.</p>',
      contentMs: '<p>Daftar masuk setiap hari untuk 50 mata untuk dibelanjakan di pusat mata.</p>',
      contentCn: '<p>每天签到领取50积分，可在积分商城兑换。</p>',
      frequency: 'daily',
      rewardKind: 'points',
      rewardPoints: '50',
      sortOrder: 5,
    },
    {
      ...base(now),
      titleEn: DEMO_PROMOTION_TITLES.vipGift,
      titleMs: 'Hadiah Bulanan VIP',
      titleCn: 'VIP每月礼金',
      contentEn: '<p>A monthly gift of RM 38 for every VIP from Bronze up. Turnover 1x.</p>',
      contentMs: '<p>Hadiah bulanan RM 38 untuk setiap VIP dari Gangsa ke atas. Pusing ganti 1x.</p>',
      contentCn: '<p>青铜及以上VIP每月可领取 RM 38 礼金。1倍流水。</p>',
      frequency: 'monthly',
      rules: { vipLevelMin: 1 },
      rewardKind: 'fixed',
      rewardAmount: '38.00',
      wageringMultiplier: 1,
      contributions: CONTRIBUTIONS,
      sortOrder: 6,
    },
  ];
}

/** The points mall's products (images under apps/web/public/media/mall). */
export const DEMO_PRODUCTS: AdminProductInput[] = [
  {
    name: 'RM 10 cash voucher',
    description: 'RM 10 credited to your main wallet once the exchange is approved.',
    type: 'cash',
    imageUrl: '/media/mall/cash-voucher.svg',
    points: '1000',
    cashAmount: '10.00',
    stock: 10_000,
    status: 'active',
    sortOrder: 1,
  },
  {
    name: 'Lotus travel mug',
    description: 'Stainless steel, 450 ml, keeps drinks hot for six hours.',
    type: 'physical',
    imageUrl: '/media/mall/mug.svg',
    points: '2500',
    cashAmount: '0',
    stock: 200,
    status: 'active',
    sortOrder: 2,
  },
  {
    name: 'Wireless earbuds',
    description: 'Bluetooth 5.3 earbuds with a charging case.',
    type: 'physical',
    imageUrl: '/media/mall/earbuds.svg',
    points: '12000',
    cashAmount: '0',
    stock: 50,
    status: 'active',
    sortOrder: 3,
  },
  {
    name: 'VIP gift box',
    description: 'A hamper of local delicacies, delivered to your door.',
    type: 'physical',
    imageUrl: '/media/mall/gift-box.svg',
    points: '30000',
    cashAmount: '0',
    stock: 20,
    status: 'active',
    sortOrder: 4,
  },
];

export const DEMO_MISSIONS: NewMissionBody[] = [
  {
    name: { en: 'Daily login', ms: 'Log masuk harian', cn: '每日登录' },
    description: {
      en: 'Sign in today.',
      ms: 'Log masuk hari ini.',
      cn: '今天登录一次。',
    },
    kind: 'login_days',
    period: 'daily',
    target: '1',
    reward: '1.00',
  },
  {
    name: { en: 'Spin the slots', ms: 'Putar slot', cn: '老虎机任务' },
    description: {
      en: 'Bet RM 100 on slots today.',
      ms: 'Bertaruh RM 100 pada slot hari ini.',
      cn: '今天在老虎机投注 RM 100。',
    },
    kind: 'bet',
    category: 'RNG',
    period: 'daily',
    target: '100.00',
    reward: '3.00',
  },
  {
    name: { en: 'Weekly player', ms: 'Pemain mingguan', cn: '每周玩家' },
    description: {
      en: 'Bet RM 1,000 on any game this week.',
      ms: 'Bertaruh RM 1,000 pada mana-mana permainan minggu ini.',
      cn: '本周在任意游戏投注 RM 1,000。',
    },
    kind: 'bet',
    period: 'weekly',
    target: '1000.00',
    reward: '18.00',
  },
  {
    name: { en: 'Weekly deposit', ms: 'Deposit mingguan', cn: '每周存款' },
    description: {
      en: 'Deposit RM 300 this week.',
      ms: 'Deposit RM 300 minggu ini.',
      cn: '本周存款 RM 300。',
    },
    kind: 'deposit',
    period: 'weekly',
    target: '300.00',
    reward: '10.00',
  },
  {
    name: { en: 'Loyal week', ms: 'Minggu setia', cn: '忠实一周' },
    description: {
      en: 'Sign in on five days this week.',
      ms: 'Log masuk pada lima hari minggu ini.',
      cn: '本周登录五天。',
    },
    kind: 'login_days',
    period: 'weekly',
    target: '5',
    reward: '5.00',
  },
];

export const DEMO_REFERRAL_RULE: ReferralRuleBody = {
  active: true,
  minFirstDeposit: '50.00',
  minTurnover: '500.00',
  withinDays: 30,
  reward: '20.00',
};

export const DEMO_WELCOME_MESSAGE = {
  title: { en: 'Welcome to Lotus Demo', ms: 'Selamat datang ke Lotus Demo', cn: '欢迎来到 Lotus Demo' },
  content: {
    en: 'Thank you for joining us. Your 100% first deposit bonus is waiting on the promotions page, and the daily check-in gives you 50 points every day. Good luck!',
    ms: 'Terima kasih kerana menyertai kami. Bonus deposit pertama 100% anda menanti di halaman promosi, dan daftar masuk harian memberi anda 50 mata setiap hari. Semoga berjaya!',
    cn: '感谢您的加入。首存100%红利正在优惠页面等您领取，每日签到还可获得50积分。祝您好运！',
  },
};

/**
 * The demo brand's rewards, made through the services the back office calls (each audited as the
 * demo admin): promotions, points-mall products, missions, the referral rule and a welcome message
 * to every member (cashback is the VIP ladder's rebate table, vip-seed.ts). Idempotent per part: a part the brand has anything of already
 * (an operator's own, or an earlier run's) is left as it is.
 */
export async function seedDemoRewards(db: Db, brand: Brand, operator: SeedOperator, now = new Date()) {
  if ((await adminPromotions(db, brand)).items.length === 0) {
    const slot = await db
      .selectFrom('games as g')
      .innerJoin('vendors as v', 'v.id', 'g.vendor_id')
      .select('g.id')
      .where('g.brand_id', '=', brand.id)
      .where('v.code', '=', 'HOUSE')
      .where('g.code', '=', 'lotus-garden')
      .executeTakeFirstOrThrow();
    for (const input of demoPromotions(now, slot.id)) await createPromotion(db, brand, operator, input);
  }
  if ((await adminProducts(db, brand)).items.length === 0) {
    for (const input of DEMO_PRODUCTS) await createProduct(db, brand, operator, input);
  }
  const missions = await db
    .selectFrom('missions')
    .select('id')
    .where('brand_id', '=', brand.id)
    .limit(1)
    .executeTakeFirst();
  if (!missions) {
    for (const input of DEMO_MISSIONS) await createMission(db, brand, operator, input);
  }
  if (!(await referralRule(db, brand))) await changeReferralRule(db, brand, operator, DEMO_REFERRAL_RULE);
  const messages = await db
    .selectFrom('messages')
    .select('id')
    .where('brand_id', '=', brand.id)
    .limit(1)
    .executeTakeFirst();
  if (!messages) {
    await sendMessage(db, brand.id, operator, { audience: 'all', ...DEMO_WELCOME_MESSAGE }, now);
  }
}
